package io.payouts.service.fuzz;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.payouts.service.support.ApiContract;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The fuzzer's checks that the service and the document's request schemas agree on what is refused. */
class ChecksTest {

    private static final String REFUSED_AS_DOCUMENTED = "a body the document refuses is refused";
    private static final String ALLOWED_AS_DOCUMENTED = "a body the document allows is not refused for a field";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Checks checks = new Checks(ApiContract.ofDocument(document()));

    @Test
    void anAcceptedBodyThatTheDocumentRefusesFails() {
        Mutation unknownUrgency = broken("past-bound", "{\"driverId\":\"drv_1\",\"amount\":1500,\"urgency\":\"soon\"}");

        assertThat(checkNames(unknownUrgency, accepted("{\"success\":true,\"data\":{}}")))
                .contains(REFUSED_AS_DOCUMENTED);
    }

    @Test
    void aRefusalOrABodyTheDocumentAllowsPasses() {
        Mutation unknownUrgency = broken("past-bound", "{\"driverId\":\"drv_1\",\"amount\":1500,\"urgency\":\"soon\"}");
        Mutation allowed = broken("at-bound", "{\"driverId\":\"drv_1\",\"amount\":100000000}");

        assertThat(checkNames(unknownUrgency, refused())).doesNotContain(REFUSED_AS_DOCUMENTED);
        assertThat(checkNames(allowed, accepted("{\"success\":true,\"data\":{}}")))
                .doesNotContain(REFUSED_AS_DOCUMENTED);
    }

    /** A bulk fails a bad item alone, and null for an optional field is read as its absence. */
    @Test
    void aBulkWithTheItemFailedAndNullForAnOptionalFieldAreAsDocumented() {
        Mutation badItem = new Mutation("negative-number", RawRequest.of("POST", "/api/v1/payouts/bulk")
                .withBody(bytes("{\"payouts\":[{\"driverId\":\"drv_1\",\"amount\":-1}]}")), "payouts[0].amount", true);
        Mutation nullUrgency = new Mutation("null-value", RawRequest.of("POST", "/api/v1/payouts")
                .withBody(bytes("{\"driverId\":\"drv_1\",\"amount\":1500,\"urgency\":null}")), "urgency", false);

        assertThat(checkNames(badItem, accepted("{\"success\":true,\"data\":{\"failed\":1}}")))
                .doesNotContain(REFUSED_AS_DOCUMENTED);
        assertThat(checkNames(nullUrgency, accepted("{\"success\":true,\"data\":{}}")))
                .doesNotContain(REFUSED_AS_DOCUMENTED);
    }

    @Test
    void aGeneratedBodyTheDocumentAllowsIsNotRefusedForOneOfItsFields() {
        RawRequest allowed = RawRequest.of("POST", "/api/v1/payouts/instant")
                .withBody(bytes("{\"driverId\":\"drv_1\",\"amount\":1500}"));
        RawRequest disallowed = RawRequest.of("POST", "/api/v1/payouts/instant")
                .withBody(bytes("{\"driverId\":\"drv_1\",\"amount\":0}"));
        Answer refusedForAmount = answer(400, "{\"success\":false,\"error\":{\"code\":\"VALIDATION_ERROR\","
                + "\"message\":\"amount: no\",\"details\":{\"amount\":\"must be at least 1\"}},\"meta\":{}}");

        assertThat(checks.of(allowed, refusedForAmount, null)).extracting(Checks.Problem::check)
                .contains(ALLOWED_AS_DOCUMENTED);
        assertThat(checks.of(disallowed, refusedForAmount, null)).extracting(Checks.Problem::check)
                .doesNotContain(ALLOWED_AS_DOCUMENTED);
    }

    private List<String> checkNames(Mutation mutation, Answer answer) {
        return checks.of(mutation.request(), answer, mutation).stream().map(Checks.Problem::check).toList();
    }

    private static Mutation broken(String family, String body) {
        return new Mutation(family, RawRequest.of("POST", "/api/v1/payouts").withBody(bytes(body)), null, true);
    }

    private static Answer accepted(String body) {
        return answer(200, body);
    }

    private static Answer refused() {
        return answer(400, "{\"success\":false,\"error\":{\"code\":\"VALIDATION_ERROR\",\"message\":\"urgency: no\","
                + "\"details\":{\"urgency\":\"must be one of standard, instant\"}},\"meta\":{}}");
    }

    private static Answer answer(int status, String body) {
        try {
            return new Answer(status, HttpHeaders.of(Map.of("Content-Type", List.of("application/json")),
                    (name, value) -> true), body, JSON.readTree(body));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static String document() {
        try {
            return Files.readString(OperationCatalogue.DOCUMENT);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
