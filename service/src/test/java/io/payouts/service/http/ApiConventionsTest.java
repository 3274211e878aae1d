package io.payouts.service.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.payouts.service.support.Api;
import io.payouts.service.support.HttpIntegrationTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

import java.io.ByteArrayOutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

class ApiConventionsTest extends HttpIntegrationTest {

    @Autowired
    private JdbcTemplate jdbc;

    @LocalServerPort
    private int port;

    @Test
    void healthReportsStatusAndBuildVersionInTheEnvelope() {
        Api.Response response = api().get("/health");

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.body().path("success").asBoolean()).isTrue();
        assertThat(response.data().path("status").asText()).isEqualTo("ok");
        assertThat(response.data().path("version").asText()).matches("\\d+\\.\\d+\\.\\d+.*");
        assertThat(Instant.parse(response.data().path("timestamp").asText())).isNotNull();
        assertThat(Instant.parse(response.body().path("meta").path("timestamp").asText())).isNotNull();
    }

    /** RFC 7235: the authentication scheme is case-insensitive. */
    @ParameterizedTest
    @CsvSource({"bearer", "BEARER", "BeArEr"})
    void theBearerSchemeIsCaseInsensitiveForKeysSessionsAndIdempotentReplays(String scheme) {
        String key = api().bearer();
        Api withKey = anonymous().header("Authorization", scheme + " " + key);
        String session = owner().bearer();
        Api withSession = anonymous().header("Authorization", scheme + " " + session);

        assertThat(withKey.get("/api/v1/drivers").status()).isEqualTo(200);
        assertThat(withSession.get("/api/v1/developer/keys").status()).isEqualTo(200);
        String body = Api.driverJson(Api.uniqueSvcDriverId());
        Api.Response first = withKey.header("Idempotency-Key", "case-" + scheme).post("/api/v1/drivers", body);
        Api.Response again = anonymous().header("Authorization", "Bearer " + key)
                .header("Idempotency-Key", "case-" + scheme).post("/api/v1/drivers", body);
        assertThat(first.status()).isEqualTo(200);
        assertThat(again.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(again.data().path("id").asText()).isEqualTo(first.data().path("id").asText());
    }

    @Test
    void everyResponseCarriesItsRequestIdInHeaderAndMeta() {
        Api.Response success = api().get("/health");
        Api.Response failure = api().get("/api/v1/drivers/drv_unknown");

        for (Api.Response response : new Api.Response[] {success, failure}) {
            String requestId = response.header(RequestIds.HEADER);
            assertThat(requestId).matches("req_[0-9a-f]{32}");
            assertThat(response.body().path("meta").path("requestId").asText()).isEqualTo(requestId);
        }
        assertThat(success.header(RequestIds.HEADER)).isNotEqualTo(failure.header(RequestIds.HEADER));
    }

    @Test
    void keepsTheCallersOwnRequestId() {
        Api.Response response = api().header(RequestIds.HEADER, "trace-42.a").get("/health");

        assertThat(response.header(RequestIds.HEADER)).isEqualTo("trace-42.a");
        assertThat(response.body().path("meta").path("requestId").asText()).isEqualTo("trace-42.a");
    }

    @Test
    void replacesARequestIdThatIsNotAPlainToken() {
        Api.Response response = api().header(RequestIds.HEADER, "<script>").get("/health");

        assertThat(response.header(RequestIds.HEADER)).matches("req_[0-9a-f]{32}");
    }

    @Test
    void malformedJsonIsA400NamingTheBody() {
        Api.Response response = api().post("/api/v1/drivers", "{\"svcDriverId\": ");

        assertValidationError(response, "body");
    }

    @Test
    void emptyBodyIsA400() {
        Api.Response response = api().send("POST", "/api/v1/drivers", "", "application/json");

        assertValidationError(response, "body");
    }

    @Test
    void wrongTypeIsA400NamingTheField() {
        Api.Response response = api().post("/api/v1/drivers", """
                {"svcDriverId":"ext-1","name":123,"email":"a@example.com","phone":"+14155550123"}""");

        assertValidationError(response, "name");
    }

    /** A key given twice is ambiguous (which value counts?), whatever the types of its values: refused, naming it. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            /api/v1/drivers          | {"svcDriverId":"ext-1","name":"A","name":7,"email":"a@example.com","phone":"+14155550123"} | name
            /api/v1/payouts          | {"driverId":"drv_1","amount":100,"amount":"many"}                                         | amount
            /api/v1/payouts          | {"driverId":"drv_1","amount":100,"amount":{"nested":true}}                                | amount
            /api/v1/payouts/instant  | {"driverId":"drv_1","driverId":["a"],"amount":100}                                        | driverId
            /api/v1/payouts/bulk     | {"payouts":[{"driverId":"drv_1","amount":100,"amount":1.5}]}                              | payouts[0].amount
            /api/v1/funding/topup    | {"amount":100,"amount":200}                                                               | amount
            /api/v1/batches          | {"name":"a","payouts":[],"payouts":"none"}                                                | payouts
            /api/v1/webhooks         | {"url":"https://example.com/hook","events":["payout.succeeded"],"url":1}                  | url""")
    void aKeyGivenTwiceIsA400NamingItAndWritesNothing(String path, String body, String field) {
        long eventsBefore = storedEvents();

        Api.Response response = api().post(path, body);

        assertValidationError(response, field);
        assertThat(response.error().path("details").path(field).asText()).contains("more than once");
        assertThat(storedEvents()).isEqualTo(eventsBefore);
    }

    @Test
    void unknownFieldIsA400NamingTheField() {
        Api.Response response = api().post("/api/v1/drivers", """
                {"svcDriverId":"ext-1","name":"A","email":"a@example.com","phone":"+14155550123","nickname":"x"}""");

        assertValidationError(response, "nickname");
    }

    @Test
    void everyMissingRequiredFieldIsNamed() {
        Api.Response response = api().post("/api/v1/drivers", "{}");

        assertValidationError(response, "svcDriverId");
        assertThat(response.error().path("details").fieldNames()).toIterable()
                .containsExactlyInAnyOrder("svcDriverId", "name", "email", "phone");
    }

    @Test
    void nestedFieldProblemsNameTheirPath() {
        Api.Response response = api().post("/api/v1/drivers/bulk", """
                {"drivers":[{"svcDriverId":"ext-1","name":"A","email":"a@example.com","phone":42}]}""");

        assertValidationError(response, "drivers[0].phone");
    }

    @Test
    void unknownEnumValuesAreA400ListingTheAllowedOnes() {
        Api.Response filter = api().get("/api/v1/drivers?status=sleeping");

        assertValidationError(filter, "status");
        assertThat(filter.error().path("details").path("status").asText()).contains("active", "inactive", "pending");
    }

    @ParameterizedTest
    @CsvSource({"page=0, page", "page=-1, page", "pageSize=0, pageSize", "pageSize=101, pageSize",
            "page=abc, page", "pageSize=1.5, pageSize"})
    void paginationOutOfRangeIsA400NamingTheParameter(String query, String field) {
        Api.Response response = api().get("/api/v1/drivers?" + query);

        assertValidationError(response, field);
    }

    @Test
    void paginationAtItsBoundsIsAccepted() {
        assertThat(api().get("/api/v1/drivers?page=1&pageSize=1").status()).isEqualTo(200);
        Api.Response largest = api().get("/api/v1/drivers?pageSize=100");
        assertThat(largest.status()).isEqualTo(200);
        assertThat(largest.data().path("pageSize").asInt()).isEqualTo(100);
        assertThat(api().get("/api/v1/drivers").data().path("pageSize").asInt()).isEqualTo(50);
    }

    @Test
    void unknownRouteIsA404Envelope() {
        Api.Response response = api().get("/api/v1/nothing-here");

        assertThat(response.status()).isEqualTo(404);
        assertThat(response.body().path("success").asBoolean()).isFalse();
        assertThat(response.error().path("code").asText()).isEqualTo("NOT_FOUND");
    }

    @Test
    void unsupportedMethodIsA405Envelope() {
        Api.Response response = api().send("PATCH", "/api/v1/drivers", "{}", "application/json");

        assertThat(response.status()).isEqualTo(405);
        assertThat(response.error().path("code").asText()).isEqualTo("INVALID_REQUEST");
        assertThat(response.header("Allow")).contains("GET", "POST");
    }

    @Test
    void anAcceptThatExcludesJsonIsA406Envelope() {
        Api.Response response = api().header("Accept", "text/csv").get("/api/v1/drivers");

        assertThat(response.status()).isEqualTo(406);
        assertThat(response.error().path("code").asText()).isEqualTo("INVALID_REQUEST");
        assertThat(response.error().path("details").has("Accept")).isTrue();
    }

    @Test
    void theServletErrorPathIsNotAnEndpoint() {
        Api.Response response = api().get("/error");

        assertThat(response.status()).isEqualTo(404);
        assertThat(response.error().path("code").asText()).isEqualTo("NOT_FOUND");
    }

    @Test
    void nonJsonBodyIsA415Envelope() {
        Api.Response response = api().send("POST", "/api/v1/drivers", "svcDriverId=x", "text/plain");

        assertThat(response.status()).isEqualTo(415);
        assertThat(response.error().path("details").has("Content-Type")).isTrue();
    }

    /** Found by the fuzzer (reliability/): each was a 500. */
    @ParameterizedTest
    @CsvSource({"multipart/form-data", "multipart/form-data; boundary=x", "*/*", "application/*"})
    void aMultipartOrWildcardContentTypeIsA415ForABodyAndIgnoredWithout(String contentType) {
        Api.Response write = api().send("POST", "/api/v1/drivers", Api.driverJson(Api.uniqueSvcDriverId()),
                contentType);
        Api.Response read = api().send("GET", "/api/v1/drivers?pageSize=1", "{}", contentType);

        assertThat(write.status()).as(write.toString()).isEqualTo(415);
        assertThat(write.error().path("details").has("Content-Type")).isTrue();
        assertThat(read.status()).as(read.toString()).isEqualTo(200);
    }

    /** Found by the fuzzer (reliability/): the write was stored, and then the answer was a 406. */
    @Test
    void aWriteWhoseAcceptExcludesJsonIsA406BeforeItRuns() {
        long eventsBefore = storedEvents();

        Api.Response response = api().header("Accept", "application/xml")
                .post("/api/v1/drivers", Api.driverJson(Api.uniqueSvcDriverId()));

        assertThat(response.status()).as(response.toString()).isEqualTo(406);
        assertThat(response.error().path("details").has("Accept")).isTrue();
        assertThat(storedEvents()).isEqualTo(eventsBefore);
    }

    /** Found by the fuzzer (reliability/): bytes that are not UTF-8 in a field's text were a 400 naming the body. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            /api/v1/drivers      | {"svcDriverId":"ext-%s","name":"Ana","email":"a@example.com","phone":"+14155550123"} | svcDriverId
            /api/v1/drivers/bulk | {"drivers":[{"svcDriverId":"e","name":"A%s","email":"a@example.com","phone":"1"}]}   | drivers[0].name""")
    void textThatIsNotUtf8IsA400NamingItsField(String path, String body, String field) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.writeBytes(body.substring(0, body.indexOf("%s")).getBytes(StandardCharsets.UTF_8));
        bytes.writeBytes(new byte[]{(byte) 0xC3, 0x28});
        bytes.writeBytes(body.substring(body.indexOf("%s") + 2).getBytes(StandardCharsets.UTF_8));

        Api.Response response = api().postChunked(path, bytes.toByteArray());

        assertValidationError(response, field);
    }

    @Test
    void aBodyDeclaredLargerThanTheLimitIsA400() {
        String oversized = "{\"name\":\"" + "x".repeat(1_100_000) + "\"}";

        Api.Response response = api().post("/api/v1/drivers", oversized);

        assertValidationError(response, "body");
        assertThat(response.error().path("details").path("body").asText()).contains("1048576");
    }

    @Test
    void aChunkedBodyThatGrowsPastTheLimitIsA400() {
        byte[] oversized = ("{\"name\":\"" + "x".repeat(1_100_000) + "\"}").getBytes(StandardCharsets.UTF_8);

        Api.Response response = api().postChunked("/api/v1/drivers", oversized);

        assertValidationError(response, "body");
        assertThat(response.error().path("details").path("body").asText()).contains("1048576");
    }

    @Test
    void aUrlTheServletContainerRejectsStillGetsTheEnvelope() throws Exception {
        String response = rawRequest("GET /api/v1/drivers/%zz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");

        assertThat(response).startsWith("HTTP/1.1 400");
        assertThat(response).containsIgnoringCase("content-type: application/json");
        String body = response.substring(response.indexOf("\r\n\r\n") + 4);
        JsonNode envelope = new ObjectMapper().readTree(body.substring(body.indexOf('{')));
        assertThat(envelope.path("success").asBoolean()).isFalse();
        assertThat(envelope.path("error").path("code").asText()).isEqualTo("INVALID_REQUEST");
        assertThat(envelope.path("meta").path("requestId").asText()).startsWith("req_");
        assertThat(envelope.path("error").path("details").isObject()).isTrue();
        assertThat(envelope.path("error").path("details").isEmpty()).isTrue();
        assertThat(envelope.path("meta").path("timestamp").isTextual()).isTrue();
        assertThat(Instant.parse(envelope.path("meta").path("timestamp").asText()))
                .isBefore(Instant.now().plusSeconds(1));
    }

    @Test
    void rejectedWritesStoreNothing() {
        long before = api().get("/api/v1/drivers?pageSize=1").data().path("total").asLong();

        api().post("/api/v1/drivers", "{}");
        api().post("/api/v1/drivers", Api.driverJson("bad id with spaces"));
        api().post("/api/v1/drivers/bulk", "{\"drivers\":[]}");

        assertThat(api().get("/api/v1/drivers?pageSize=1").data().path("total").asLong()).isEqualTo(before);
    }

    private String rawRequest(String request) throws Exception {
        try (Socket socket = new Socket("localhost", port)) {
            socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private long storedEvents() {
        return jdbc.queryForObject("select count(*) from domain_event_entry", Long.class);
    }

    private static void assertValidationError(Api.Response response, String field) {
        assertThat(response.status()).as(response.toString()).isEqualTo(400);
        assertThat(response.body().path("success").asBoolean()).isFalse();
        assertThat(response.error().path("code").asText()).isEqualTo("VALIDATION_ERROR");
        assertThat(response.error().path("message").asText()).isNotBlank();
        assertThat(response.error().path("details").has(field)).as(response.toString()).isTrue();
    }
}
