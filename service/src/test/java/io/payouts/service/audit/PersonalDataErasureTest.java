package io.payouts.service.audit;

import io.payouts.service.support.Api;
import io.payouts.service.support.HttpIntegrationTest;
import org.axonframework.config.EventProcessingConfiguration;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Erasure of a driver's personal data by crypto-shredding, over HTTP (ADR-0026). */
class PersonalDataErasureTest extends HttpIntegrationTest {

    private static final Random RANDOM = new Random();

    // Each test's driver has its own, so one test's erasure is not mistaken for another's.
    private final String suffix = Integer.toString(100_000 + RANDOM.nextInt(900_000));
    private final String name = "Zelda Quartermaine " + suffix;
    private final String email = "zelda." + suffix + "@example.com";
    private final String phone = "+1415" + suffix + "1";

    @Autowired
    private JdbcTemplate jdbc;
    @Autowired
    private EventProcessingConfiguration processing;

    @Test
    void storesPersonalDataOnlyEncrypted() {
        String driverId = registered();

        String stored = jdbc.queryForObject("select string_agg(convert_from(payload, 'UTF8'), ' ')"
                + " from domain_event_entry where aggregate_identifier = ?", String.class, driverId);

        assertThat(stored).doesNotContain(name, email, phone).contains("pii:v1:");
        assertThat(api().get("/api/v1/drivers/" + driverId).data().path("name").asText()).isEqualTo(name);
    }

    @Test
    void erasesADriversPersonalDataWhileTheMoneyHistoryStays() throws Exception {
        Instant from = Instant.now();
        String driverId = registered();
        assertThat(api().post("/api/v1/drivers/" + driverId + "/kyc", "{\"outcome\":\"verified\"}").status())
                .isEqualTo(200);
        AuditFixtures.fund(api(), 500);
        String payoutId = AuditFixtures.pay(api(), driverId, 200).data().path("id").asText();
        AuditFixtures.awaitCompleted(api(), payoutId);

        Api.Response erased = api().delete("/api/v1/drivers/" + driverId + "/personal-data");

        assertThat(erased.status()).as("%s", erased).isEqualTo(200);
        assertThat(erased.data().path("erasedFields").toString()).contains("name", "email", "phone");
        assertNowhere(driverId, from);
        Api.Response payout = api().get("/api/v1/payouts/" + payoutId);
        assertThat(payout.data().path("amount").asLong()).isEqualTo(200);
        assertThat(payout.data().path("status").asText()).isEqualTo("completed");
        assertThat(payout.data().path("driverName").asText()).isEqualTo("[erased]");
        assertThat(jdbc.queryForObject("select count(*) from domain_event_entry where aggregate_identifier = ?",
                Long.class, driverId)).as("the events stay").isEqualTo(2);
        Api.Response again = api().delete("/api/v1/drivers/" + driverId + "/personal-data");
        assertThat(again.data().path("erasedAt").asText()).isEqualTo(erased.data().path("erasedAt").asText());
    }

    @Test
    void staysErasedAfterTheReadModelIsRebuiltAndTheChainStillVerifies() throws Exception {
        Instant from = Instant.now();
        String driverId = registered();
        assertThat(api().delete("/api/v1/drivers/" + driverId + "/personal-data").status()).isEqualTo(200);

        assertThat(owner().post("/api/v1/admin/projections/driver-projection/rebuild", null).status())
                .isEqualTo(200);
        await("the driver read model is rebuilt").atMost(Duration.ofSeconds(60)).until(() ->
                ProjectionChecksumTest.caughtUp(processing, jdbc, "driver-projection"));

        assertNowhere(driverId, from);
        assertThat(owner().get("/api/v1/admin/audit/verify").data().path("chains").findValues("firstBroken"))
                .as("crypto-shredding changes no stored byte").isEmpty();
    }

    @Test
    void refusesUnknownOtherModesAndUnscopedErasures() {
        String driverId = registered();
        Api production = AuditFixtures.productionApi(owner(), anonymous());
        Api readOnly = owner().withNewKey("sandbox", List.of("drivers:read"));

        assertThat(production.delete("/api/v1/drivers/" + driverId + "/personal-data").status()).isEqualTo(404);
        assertThat(api().delete("/api/v1/drivers/drv_" + "0".repeat(32) + "/personal-data").error().path("code")
                .asText()).isEqualTo("NOT_FOUND");
        assertThat(api().delete("/api/v1/drivers/drv_nope/personal-data").status()).isEqualTo(404);
        Api.Response forbidden = readOnly.delete("/api/v1/drivers/" + driverId + "/personal-data");
        assertThat(forbidden.status()).isEqualTo(403);
        assertThat(forbidden.error().path("message").asText()).contains("drivers:write");
        assertThat(api().get("/api/v1/drivers/" + driverId).data().path("name").asText()).isEqualTo(name);
    }

    private String registered() {
        Api.Response registered = api().post("/api/v1/drivers", """
                {"svcDriverId":"%s","name":"%s","email":"%s","phone":"%s"}"""
                .formatted(Api.uniqueSvcDriverId(), name, email, phone));
        assertThat(registered.status()).as("%s", registered).isEqualTo(200);
        return registered.data().path("id").asText();
    }

    /** No API answer, read model, history, event read or export shows the driver's name, e-mail or phone. */
    private void assertNowhere(String driverId, Instant from) throws Exception {
        await("the driver list shows the erasure").atMost(Duration.ofSeconds(10)).untilAsserted(() ->
                assertThat(api().get("/api/v1/drivers?pageSize=100").body().toString()).doesNotContain(name));
        List<String> answers = List.of(
                api().get("/api/v1/drivers/" + driverId).body().toString(),
                api().get("/api/v1/drivers/" + driverId + "/history").body().toString(),
                api().get("/api/v1/events?resource=" + driverId).body().toString(),
                api().get("/api/v1/payouts?driverId=" + driverId).body().toString(),
                api().get("/api/v1/sandbox/state").body().toString(),
                export(from));
        for (String answer : answers) {
            assertThat(answer).doesNotContain(name, email, phone);
        }
        assertThat(api().get("/api/v1/drivers/" + driverId).data().path("name").asText()).isEqualTo("[erased]");
        assertThat(jdbc.queryForObject("select count(*) from driver_view where id = ? and (name = ? or email = ?"
                + " or phone = ?)", Long.class, driverId, name, email, phone)).isZero();
        assertThat(jdbc.queryForObject("select count(*) from driver_standing where driver_id = ? and name = ?",
                Long.class, driverId, name)).isZero();
    }

    private String export(Instant from) throws Exception {
        HttpResponse<String> export = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(
                        api().baseUrl() + "/api/v1/events/export?from=" + from))
                .header("Authorization", "Bearer " + api().bearer()).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(export.statusCode()).isEqualTo(200);
        return export.body();
    }
}
