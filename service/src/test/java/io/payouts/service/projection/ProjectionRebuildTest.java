package io.payouts.service.projection;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.fasterxml.jackson.databind.JsonNode;
import io.payouts.query.consistency.SetAsideIndexes;
import io.payouts.service.support.Api;
import io.payouts.service.support.HttpIntegrationTest;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class ProjectionRebuildTest extends HttpIntegrationTest {

    @Autowired
    private JdbcTemplate jdbc;

    @Autowired
    private EventProcessingConfiguration processing;

    @Autowired
    private SetAsideIndexes setAsideIndexes;

    @Autowired
    private PlatformTransactionManager transactions;

    @Test
    void rebuildingAProjectionRestoresItsReadModelFromTheEvents() {
        JsonNode driver = api().registerDriver();
        String id = driver.path("id").asText();
        api().put("/api/v1/drivers/" + id, """
                {"name":"Rebuilt Name","email":"rebuilt@example.com","phone":"+14155550199"}""");
        api().post("/api/v1/drivers/" + id + "/kyc", "{\"outcome\":\"verified\"}");
        JsonNode beforeRebuild = api().get("/api/v1/drivers/" + id).data();
        jdbc.update("update driver_view set name = 'corrupted', status = 'INACTIVE' where id = ?", id);

        Api.Response rebuild = owner().post("/api/v1/admin/projections/driver-projection/rebuild", null);

        assertThat(rebuild.status()).isEqualTo(200);
        assertThat(rebuild.data().path("status").asText()).isEqualTo("rebuilding");
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            Api.Response read = api().get("/api/v1/drivers/" + id);
            assertThat(read.status()).isEqualTo(200);
            assertThat(read.data()).isEqualTo(beforeRebuild);
        });
        StreamingEventProcessor processor = processing
                .eventProcessor("driver-projection", StreamingEventProcessor.class).orElseThrow();
        await().atMost(Duration.ofSeconds(30)).until(() -> !processor.isReplaying());
    }

    @Test
    void aRebuiltPayoutListHasEachOfItsIndexesAgainOnceTheReplayIsOver() {
        List<String> before = payoutListIndexes();

        Api.Response rebuild = owner().post("/api/v1/admin/projections/payout-projection/rebuild", null);

        assertThat(rebuild.status()).as("%s", rebuild).isEqualTo(200);
        await("the payout list's indexes, created again").atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            assertThat(jdbc.queryForObject("select count(*) from set_aside_index", Long.class)).isZero();
            assertThat(payoutListIndexes()).isEqualTo(before);
        });
    }

    /**
     * As after a crash during a replay: the definitions kept, the processor past the replay when it starts again. The
     * timers' thread builds them, not the command gateway's retry thread that Spring would otherwise lend it.
     */
    @Test
    void indexesSetAsideBeforeARestartAreCreatedAgainOnTheTimersThread() {
        List<String> before = payoutListIndexes();
        ListAppender<ILoggingEvent> logged = new ListAppender<>();
        Logger logger = (Logger) LoggerFactory.getLogger(SetAsideIndexes.class);
        logged.start();
        logger.addAppender(logged);
        try {
            new TransactionTemplate(transactions).executeWithoutResult(status ->
                    setAsideIndexes.setAside("payout-projection", "payout_view"));

            assertThat(payoutListIndexes()).hasSizeLessThan(before.size());
            await("the payout list's indexes, created again").atMost(Duration.ofSeconds(30))
                    .untilAsserted(() -> assertThat(payoutListIndexes()).isEqualTo(before));
            await("the log line of their creation").atMost(Duration.ofSeconds(5)).untilAsserted(() ->
                    assertThat(logged.list).filteredOn(event -> event.getFormattedMessage().contains("created again"))
                            .extracting(ILoggingEvent::getThreadName).singleElement().asString()
                            .startsWith("timers-"));
        } finally {
            logger.detachAppender(logged);
        }
    }

    private List<String> payoutListIndexes() {
        return jdbc.queryForList("select indexdef from pg_indexes where tablename = 'payout_view' order by indexname",
                String.class);
    }

    /** Found by the fuzzer (reliability/): rebuilds in quick succession left the processor started with no worker. */
    @Test
    void rebuildsInQuickSuccessionLeaveTheReadModelCatchingUp() {
        Api owner = owner();
        for (int rebuild = 0; rebuild < 6; rebuild++) {
            Api.Response response = owner.post("/api/v1/admin/projections/driver-projection/rebuild", null);
            assertThat(response.status()).as("%s", response).isEqualTo(200);
        }

        String id = api().registerDriver().path("id").asText();

        StreamingEventProcessor processor = processing
                .eventProcessor("driver-projection", StreamingEventProcessor.class).orElseThrow();
        await("the rebuilt driver-projection applies a new driver").atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> {
            assertThat(processor.processingStatus()).as("segments it works").isNotEmpty();
            assertThat(jdbc.queryForObject("select count(*) from driver_view where id = ?", Long.class, id))
                    .isEqualTo(1);
        });
    }

    /** A regression: a rebuild of the batch saga answered 500 and left it stopped; the rail's was accepted. */
    @ParameterizedTest
    @ValueSource(strings = {"payout-rail", "batch-progress", "batch-outcomes", "sandbox-kyc-verification", "sandbox-top-up-settlement",
            "webhook-deliveries", "driver-standing"})
    void aProcessorWithSideEffectsIsNeverRebuiltAndKeepsRunning(String name) {
        Api.Response response = owner().post("/api/v1/admin/projections/" + name + "/rebuild", null);

        assertThat(response.status()).as("%s", response).isEqualTo(409);
        assertThat(response.error().path("code").asText()).isEqualTo("CONFLICT");
        assertThat(response.error().path("message").asText()).startsWith(name + " cannot be rebuilt: ");
        assertThat(processing.eventProcessors().get(name).isRunning()).isTrue();
        assertThat(statusOf(name).path("status").asText()).isEqualTo("running");
        assertThat(statusOf(name).path("replayable").asBoolean()).isFalse();
    }

    @Test
    void aRebuildThatFailsLeavesTheProcessorRunningFromWhereItWas() {
        // another instance holds the projection's token: the reset cannot claim it
        jdbc.update("update token_entry set owner = 'another-instance', timestamp = ? where processor_name = ?",
                Instant.now().toString(), "batch-projection");

        Api.Response response = owner().post("/api/v1/admin/projections/batch-projection/rebuild", null);

        assertThat(response.status()).as("%s", response).isEqualTo(409);
        assertThat(response.error().path("message").asText()).contains("runs on from where it was");
        StreamingEventProcessor processor = processing
                .eventProcessor("batch-projection", StreamingEventProcessor.class).orElseThrow();
        assertThat(processor.isRunning()).isTrue();
        assertThat(processor.isReplaying()).isFalse();
        String driver = api().registerDriver().path("id").asText();
        api().post("/api/v1/drivers/" + driver + "/kyc", "{\"outcome\":\"verified\"}");
        Api.Response batch = api().post("/api/v1/batches", """
                {"name":"After a failed rebuild","payouts":[{"driverId":"%s","amount":100}]}""".formatted(driver));
        assertThat(batch.status()).as("the batch projection goes on: %s", batch).isEqualTo(200);
        api().post("/api/v1/payouts/" + api().get("/api/v1/batches/" + batch.data().path("id").asText()).data()
                .path("payouts").path(0).path("id").asText() + "/cancel", null);
    }

    @Test
    void listsEveryProcessorWithItsStatusPositionLagAndParkedEvents() {
        api().registerDriver();

        JsonNode processors = owner().get("/api/v1/admin/projections").data().path("items");

        assertThat(processors.findValuesAsText("name")).contains("driver-projection", "payout-projection",
                "batch-projection", "wallet-projection", "api-key-projection", "payout-rail", "batch-progress",
                "batch-outcomes", "webhook-deliveries", "sandbox-kyc-verification", "sandbox-top-up-settlement", "driver-standing");
        JsonNode drivers = statusOf("driver-projection");
        assertThat(drivers.path("type").asText()).isEqualTo("tracking");
        assertThat(drivers.path("status").asText()).isIn("running", "replaying");
        assertThat(drivers.path("replayable").asBoolean()).isTrue();
        assertThat(drivers.path("head").asLong()).isPositive();
        assertThat(drivers.path("position").asLong()).isLessThanOrEqualTo(drivers.path("head").asLong());
        assertThat(drivers.path("lag").asLong()).isGreaterThanOrEqualTo(0);
        assertThat(drivers.has("parked")).isTrue();
        assertThat(statusOf("driver-standing").path("type").asText()).isEqualTo("subscribing");
        assertThat(api().get("/api/v1/admin/projections").status()).as("for owners and admins only").isEqualTo(401);
    }

    private JsonNode statusOf(String name) {
        for (JsonNode processor : owner().get("/api/v1/admin/projections").data().path("items")) {
            if (processor.path("name").asText().equals(name)) {
                return processor;
            }
        }
        throw new AssertionError("no processor " + name);
    }

    @Test
    void rebuildingAnUnknownProjectionIsA404() {
        Api.Response response = owner().post("/api/v1/admin/projections/no-such-projection/rebuild", null);

        assertThat(response.status()).isEqualTo(404);
        assertThat(response.error().path("code").asText()).isEqualTo("NOT_FOUND");
    }
}
