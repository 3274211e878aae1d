package io.payouts.service.http;

import io.payouts.platform.signing.WebhookSignature;
import io.payouts.service.support.Api;
import io.payouts.service.support.HttpIntegrationTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Text PostgreSQL cannot store (U+0000, an unpaired surrogate) is refused by one rule for every string of every body
 *: a 400 naming the field, and nothing is written. Before the rule, such text became an event that every
 * projection failed on for ever.
 */
class UnstorableTextTest extends HttpIntegrationTest {

    private static final String NUL = "a\\u0000b";
    private static final String LONE_SURROGATE = "a\\ud800b";

    @Autowired
    private JdbcTemplate jdbc;

    private String driverId;

    @BeforeEach
    void registerADriver() {
        driverId = api().registerDriver().path("id").asText();
    }

    static Stream<Arguments> everyTextFieldOfEveryBody() {
        return Stream.of(
                Arguments.of("POST", "/api/v1/drivers", """
                        {"svcDriverId":"ext-1","name":"%s","email":"a@example.com","phone":"+14155550123"}""", "name"),
                Arguments.of("POST", "/api/v1/drivers", """
                        {"svcDriverId":"%s","name":"Ana","email":"a@example.com","phone":"+14155550123"}""",
                        "svcDriverId"),
                Arguments.of("PUT", "/api/v1/drivers/{driver}", """
                        {"name":"%s","email":"a@example.com","phone":"+14155550123"}""", "name"),
                Arguments.of("POST", "/api/v1/drivers/bulk", """
                        {"drivers":[{"svcDriverId":"ext-2","name":"Ana","email":"a@example.com",
                        "phone":"+14155550123"},{"svcDriverId":"ext-3","name":"%s","email":"a@example.com",
                        "phone":"+14155550123"}]}""", "drivers[1].name"),
                Arguments.of("POST", "/api/v1/drivers/{driver}/kyc", """
                        {"outcome":"rejected","reason":"%s"}""", "reason"),
                Arguments.of("POST", "/api/v1/payouts", """
                        {"driverId":"{driver}","amount":100,"description":"%s"}""", "description"),
                Arguments.of("POST", "/api/v1/payouts", """
                        {"driverId":"{driver}","amount":100,"loadId":"%s"}""", "loadId"),
                Arguments.of("POST", "/api/v1/payouts/instant", """
                        {"driverId":"{driver}","amount":1000,"requestedBy":"%s"}""", "requestedBy"),
                Arguments.of("POST", "/api/v1/payouts/bulk", """
                        {"payouts":[{"driverId":"{driver}","amount":100},
                        {"driverId":"{driver}","amount":100,"loadId":"%s"}]}""", "payouts[1].loadId"),
                Arguments.of("POST", "/api/v1/payouts/bulk/cancel", """
                        {"payoutIds":["%s"]}""", "payoutIds[0]"),
                Arguments.of("POST", "/api/v1/batches", """
                        {"name":"%s","payouts":[{"driverId":"{driver}","amount":100}]}""", "name"),
                Arguments.of("POST", "/api/v1/funding/topup", """
                        {"amount":100,"method":"bank_transfer","description":"%s"}""", "description"),
                Arguments.of("POST", "/api/v1/webhooks", """
                        {"url":"https://example.com/%s","events":["payout.created"]}""", "url"));
    }

    @ParameterizedTest(name = "{0} {1} {3}")
    @MethodSource("everyTextFieldOfEveryBody")
    void refusesANulCharacterInAnyTextFieldAndWritesNothing(String method, String path, String body, String field) {
        long eventsBefore = storedEvents();

        Api.Response response = api().send(method, path.replace("{driver}", driverId),
                body.replace("{driver}", driverId).formatted(NUL), "application/json");

        assertRefused(response, field);
        assertThat(storedEvents()).isEqualTo(eventsBefore);
    }

    @ParameterizedTest(name = "{0} {1} {3}")
    @MethodSource("everyTextFieldOfEveryBody")
    void refusesAnUnpairedSurrogateInAnyTextField(String method, String path, String body, String field) {
        Api.Response response = api().send(method, path.replace("{driver}", driverId),
                body.replace("{driver}", driverId).formatted(LONE_SURROGATE), "application/json");

        assertRefused(response, field);
    }

    /** An unpaired surrogate in a field name is already invalid JSON to Jackson's UTF-8 parser: a 400 naming the body. */
    @Test
    void refusesANulCharacterInAFieldName() {
        Api.Response response = api().post("/api/v1/drivers", """
                {"svcDriverId":"ext-4","name":"Ana","email":"a@example.com","phone":"+14155550123","n%sme":"x"}"""
                .formatted(NUL));

        assertRefused(response, "na\uFFFDbme");
    }

    @Test
    void acceptsTextWithProperlyPairedSurrogates() {
        Api.Response response = api().post("/api/v1/drivers", """
                {"svcDriverId":"%s","name":"Ana \\ud83d\\ude9a","email":"a@example.com","phone":"+14155550123"}"""
                .formatted(Api.uniqueSvcDriverId()));

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.data().path("name").asText()).isEqualTo("Ana \uD83D\uDE9A");
    }

    @Test
    void refusesUnstorableTextInTheKeyEndpointsSessionBodies() {
        Api.Response key = owner().post("/api/v1/developer/keys", """
                {"name":"%s","mode":"sandbox","scopes":["drivers:read"]}""".formatted(NUL));
        Api.Response session = anonymous().post("/api/v1/auth/sessions", """
                {"email":"%s","password":"x"}""".formatted(NUL));

        assertRefused(key, "name");
        assertRefused(session, "email");
    }

    @Test
    void refusesUnstorableTextInTheSignedInboundWebhook() {
        String body = """
                {"id":"rail-nul","event":"payout.failed","timestamp":"2026-01-01T00:00:00Z",
                "data":{"payoutId":"pay_0123456789abcdef0123456789abcdef","status":"failed","reason":"%s"}}"""
                .formatted(NUL);
        Api.Response response = anonymous().header(WebhookSignature.HEADER,
                        WebhookSignature.header(Instant.now(), body, List.of(INBOUND_SECRET)))
                .post("/api/v1/webhooks/inbound", body);

        assertRefused(response, "data.reason");
    }

    @Test
    void refusesANulCharacterInAQueryParameter() {
        Api.Response response = api().get("/api/v1/webhooks/logs?event=payout.created%00");

        assertRefused(response, "event");
    }

    private static void assertRefused(Api.Response response, String field) {
        assertThat(response.status()).as(response.toString()).isEqualTo(400);
        assertThat(response.error().path("code").asText()).isEqualTo("VALIDATION_ERROR");
        assertThat(response.error().path("details").path(field).asText())
                .isEqualTo("must not contain U+0000 or unpaired surrogates");
    }

    private long storedEvents() {
        return jdbc.queryForObject("select count(*) from domain_event_entry", Long.class);
    }
}
