package io.payouts.service.audit;

import com.fasterxml.jackson.databind.JsonNode;
import io.payouts.service.support.Api;
import io.payouts.service.support.HttpIntegrationTest;
import io.payouts.service.support.WalletInvariant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Each read model's checksum is the same before and after its rebuild (ADR-0025), and notices a changed row. */
class ProjectionChecksumTest extends HttpIntegrationTest {

    private static final int QUIET_ROUNDS = 3;

    @Autowired
    private JdbcTemplate jdbc;
    @Autowired
    private EventProcessingConfiguration processing;

    /**
     * Other tests' background work (a scheduled batch released, a rail step, a driver verified) may store an event
     * before or while the read model is rebuilt. The first checksum is taken once the live read model has applied
     * every stored event; if an event is stored meanwhile, the two checksums cover different events and the round is
     * repeated. Within a round in which nothing was stored they must be equal.
     */
    @ParameterizedTest
    @ValueSource(strings = {"driver-projection", "driver-bank-account-projection", "payout-projection",
            "batch-projection", "wallet-projection", "api-key-projection"})
    void aRebuildReproducesTheReadModelExactly(String projection) {
        String driverId = AuditFixtures.payableDriver(api());
        AuditFixtures.fund(api(), 500);
        AuditFixtures.awaitCompleted(api(), AuditFixtures.pay(api(), driverId, 100).data().path("id").asText());
        for (int round = 0; round < QUIET_ROUNDS; round++) {
            WalletInvariant.awaitNoPayoutInFlight(api());
            long head = head();
            await(projection + " has applied every stored event").atMost(Duration.ofSeconds(60))
                    .until(() -> caughtUp(processing, jdbc, projection));
            JsonNode before = checksum(projection);

            Api.Response rebuild = owner().post("/api/v1/admin/projections/" + projection + "/rebuild", null);
            assertThat(rebuild.status()).as("%s", rebuild).isEqualTo(200);
            await(projection + " is rebuilt").atMost(Duration.ofSeconds(60))
                    .until(() -> caughtUp(processing, jdbc, projection));

            JsonNode after = checksum(projection);
            if (head() == head) {
                assertThat(after.path("tables")).as("each table of %s after its rebuild", projection)
                        .isEqualTo(before.path("tables"));
                assertThat(after.path("checksum").asText()).isEqualTo(before.path("checksum").asText());
                return;
            }
        }
        throw new AssertionError("no round of " + QUIET_ROUNDS + " without an event stored meanwhile");
    }

    @Test
    void aChangedRowChangesTheChecksum() {
        String driverId = AuditFixtures.payableDriver(api());
        await().atMost(Duration.ofSeconds(10)).until(() -> jdbc.queryForObject(
                "select count(*) from driver_view where id = ?", Long.class, driverId) == 1);
        String before = checksum("driver-projection").path("checksum").asText();
        String name = jdbc.queryForObject("select name from driver_view where id = ?", String.class, driverId);
        try {
            jdbc.update("update driver_view set name = 'Someone Else' where id = ?", driverId);

            assertThat(checksum("driver-projection").path("checksum").asText()).isNotEqualTo(before);
        } finally {
            jdbc.update("update driver_view set name = ? where id = ?", name, driverId);
        }
        assertThat(checksum("driver-projection").path("checksum").asText()).isEqualTo(before);
    }

    @Test
    void anUnknownReadModelIs404AndOnlyAdminsMayAsk() {
        assertThat(owner().get("/api/v1/admin/projections/payout-rail/checksum").status()).isEqualTo(404);
        assertThat(owner().get("/api/v1/admin/projections/nothing/checksum").error().path("code").asText())
                .isEqualTo("NOT_FOUND");
        assertThat(api().get("/api/v1/admin/projections/driver-projection/checksum").status()).isEqualTo(401);
    }

    private long head() {
        return jdbc.queryForObject("select max(global_index) from domain_event_entry", Long.class);
    }

    private JsonNode checksum(String projection) {
        Api.Response response = owner().get("/api/v1/admin/projections/" + projection + "/checksum");
        assertThat(response.status()).as("%s", response).isEqualTo(200);
        return response.data();
    }

    static boolean caughtUp(EventProcessingConfiguration processing, JdbcTemplate jdbc, String projection) {
        StreamingEventProcessor processor = processing.eventProcessor(projection, StreamingEventProcessor.class)
                .orElseThrow();
        long head = jdbc.queryForObject("select max(global_index) from domain_event_entry", Long.class);
        return processor.isRunning() && !processor.isReplaying() && processor.processingStatus().values().stream()
                .allMatch(segment -> segment.getCurrentPosition().orElse(-1) >= head);
    }
}
