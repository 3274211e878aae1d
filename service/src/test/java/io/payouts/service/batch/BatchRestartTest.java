package io.payouts.service.batch;

import io.payouts.PayoutServiceApplication;
import io.payouts.service.support.Api;
import io.payouts.testsupport.ApplicationTest;
import io.payouts.testsupport.TestPostgres;
import io.payouts.shared.batch.BatchCompletedEvent;
import io.payouts.shared.batch.BatchReleasedEvent;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A batch scheduled before the service stops is released after the restart, once, at its time, although two
 * instances share the database when it comes due (ADR-0013: db-scheduler keeps the deadline in scheduled_tasks
 * and one instance picks it).
 */
@ApplicationTest
class BatchRestartTest {

    /**
     * About the time one context takes to stop and two to start on a quiet machine of this kind. On a busy one the
     * batch is overdue when they come up, and the two instances meet it at once: released once all the same.
     */
    private static final Duration AHEAD = Duration.ofSeconds(30);

    @Test
    void aScheduledBatchIsReleasedOnceAtItsTimeAfterARestart() {
        TestPostgres.TestDatabase database = TestPostgres.newDatabase();
        String batchId;
        Instant scheduledFor;
        try (ConfigurableApplicationContext first = start(database)) {
            Api api = Api.withSandboxKeyFor(first);
            String driver = api.registerDriver().path("id").asText();
            assertThat(api.post("/api/v1/drivers/" + driver + "/kyc", "{\"outcome\":\"verified\"}").status())
                    .isIn(200, 409);
            assertThat(api.post("/api/v1/funding/topup", "{\"amount\":3000,\"method\":\"bank_transfer\"}").status())
                    .isEqualTo(200);
            scheduledFor = Instant.now().plus(AHEAD);
            Api.Response created = api.post("/api/v1/batches", """
                    {"name":"Friday","urgency":"standard","scheduledFor":"%s","payouts":[
                      {"driverId":"%s","amount":1000},{"driverId":"%s","amount":2000}]}"""
                    .formatted(scheduledFor, driver, driver));
            assertThat(created.status()).as("%s", created).isEqualTo(200);
            batchId = created.data().path("id").asText();
            JdbcTemplate jdbc = first.getBean(JdbcTemplate.class);
            await("the release deadline is stored").atMost(Duration.ofSeconds(10)).untilAsserted(() ->
                    assertThat(jdbc.queryForObject("select count(*) from scheduled_tasks", Long.class)).isEqualTo(1));
        }

        try (ConfigurableApplicationContext second = start(database);
             ConfigurableApplicationContext third = start(database)) {
            JdbcTemplate jdbc = second.getBean(JdbcTemplate.class);
            if (Instant.now().isBefore(scheduledFor)) {
                assertThat(events(jdbc, batchId, BatchReleasedEvent.class)).as("not released before its time")
                        .isZero();
            }

            await("the batch is released").atMost(AHEAD.plusSeconds(30)).pollInterval(Duration.ofMillis(200))
                    .untilAsserted(() -> assertThat(events(jdbc, batchId, BatchReleasedEvent.class)).isEqualTo(1));
            assertThat(Instant.now()).as("released at its time, not before").isAfterOrEqualTo(scheduledFor);
            Api api = Api.withSandboxKeyFor(third);
            assertThat(Instant.parse(api.get("/api/v1/batches/" + batchId).data().path("releasedAt").asText()))
                    .isAfterOrEqualTo(scheduledFor);
            await("the batch completes on the rail").atMost(Duration.ofSeconds(60)).untilAsserted(() ->
                    assertThat(events(jdbc, batchId, BatchCompletedEvent.class)).isEqualTo(1));
            assertThat(events(jdbc, batchId, BatchReleasedEvent.class)).as("released once").isEqualTo(1);
            assertThat(jdbc.queryForObject("select count(*) from scheduled_tasks", Long.class))
                    .as("the deadline is gone once it ran").isZero();
            assertThat(api.get("/api/v1/batches/" + batchId).data().path("status").asText()).isEqualTo("completed");
        }
    }

    private static long events(JdbcTemplate jdbc, String aggregateId, Class<?> type) {
        return jdbc.queryForObject("select count(*) from domain_event_entry where aggregate_identifier = ?"
                + " and payload_type = ?", Long.class, aggregateId, type.getName());
    }

    private static ConfigurableApplicationContext start(TestPostgres.TestDatabase database) {
        return new SpringApplicationBuilder(PayoutServiceApplication.class)
                .run(database.asArguments("--server.port=0", "--payouts.owner.email=owner@test.example",
                        "--payouts.owner.password=batch restart test owner", "--payouts.rail.standard-delay=2s",
                        "--payouts.rail.instant-delay=2s", "--payouts.rail.poll-interval=100ms",
                        // the test verifies its driver by hand
                        "--payouts.sandbox.kyc-verification-delay=1h"));
    }
}
