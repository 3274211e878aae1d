package io.payouts.service.http.idempotency;

import jakarta.servlet.http.HttpServletRequest;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

class BufferedBodyTest {

    @Test
    void readsABodyUpToTheLimitWholeAndReplaysItToEveryReader() throws IOException {
        byte[] content = "x".repeat(10).getBytes(StandardCharsets.UTF_8);
        MockHttpServletRequest request = new MockHttpServletRequest("POST", "/api/v1/drivers");
        request.setContent(content);

        BufferedBody body = BufferedBody.read(request.getInputStream(), 10);
        HttpServletRequest replayed = body.replayedOn(request);

        assertThat(body.complete()).isTrue();
        assertThat(body.bytes()).isEqualTo(content);
        assertThat(replayed.getInputStream().readAllBytes()).isEqualTo(content);
        assertThat(replayed.getInputStream().isFinished()).isTrue();
    }

    @Test
    void replaysThroughAReaderInTheRequestsEncoding() throws IOException {
        MockHttpServletRequest request = new MockHttpServletRequest("POST", "/api/v1/drivers");
        request.setCharacterEncoding("UTF-8");
        request.setContent("{\"name\":\"Zo\u00eb\"}".getBytes(StandardCharsets.UTF_8));

        HttpServletRequest replayed = BufferedBody.read(request.getInputStream(), 100).replayedOn(request);

        assertThat(replayed.getReader().lines().collect(Collectors.joining())).isEqualTo("{\"name\":\"Zo\u00eb\"}");
    }

    @Test
    void stopsReadingPastTheLimitAndHandsOnTheWholeBody() throws IOException {
        byte[] content = "y".repeat(20_000).getBytes(StandardCharsets.UTF_8);
        MockHttpServletRequest request = new MockHttpServletRequest("POST", "/api/v1/drivers");
        request.setContent(content);

        BufferedBody body = BufferedBody.read(request.getInputStream(), 10_000);

        assertThat(body.complete()).isFalse();
        assertThat(body.bytes()).hasSize(10_001);
        assertThat(body.replayedOn(request).getInputStream().readAllBytes()).isEqualTo(content);
    }

    @Test
    void readsAnEmptyBody() throws IOException {
        BufferedBody body = BufferedBody.read(new ByteArrayInputStream(new byte[0]), 10);

        assertThat(body.complete()).isTrue();
        assertThat(body.bytes()).isEmpty();
    }
}
