package io.payouts.service.audit;

import com.fasterxml.jackson.databind.JsonNode;
import io.payouts.PayoutServiceApplication;
import io.payouts.service.support.Api;
import io.payouts.service.support.ContextOfItsOwn;
import io.payouts.testsupport.ApplicationTest;
import io.payouts.testsupport.TestPostgres;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The audit log as it runs with the events in Axon Server, where PostgreSQL's event table is empty: it
 * keeps its own copy of each event's stored bytes, chains that, and the audit API reads it; the sandbox reset keeps
 * its events, as it must there. Run on PostgreSQL, where the copy can be held against the table it copies.
 */
@ApplicationTest
@ContextOfItsOwn
@SpringBootTest(classes = PayoutServiceApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
                "payouts.owner.email=" + AuditCopiesEventsTest.OWNER_EMAIL,
                "payouts.owner.password=" + AuditCopiesEventsTest.OWNER_PASSWORD,
                "payouts.rate-limit.capacity=1000000",
                "payouts.rate-limit.refill-per-minute=1000000",
                "payouts.rail.standard-delay=1s",
                "payouts.rail.instant-delay=1s",
                "payouts.rail.poll-interval=100ms",
                "payouts.sandbox.poll-interval=100ms",
                "payouts.sandbox.reset-keeps-events=true",
                "payouts.event-stream.positions-across-instances=true",
                "payouts.audit.copies-events=true"})
class AuditCopiesEventsTest {

    static final String OWNER_EMAIL = "owner@audit-copies.test";
    static final String OWNER_PASSWORD = "audit copies test owner password";
    private static final Duration SETTLE = Duration.ofSeconds(15);

    private static Api sandbox;

    @Autowired
    ConfigurableApplicationContext application;

    @Autowired
    JdbcTemplate jdbc;

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        TestPostgres.useOwnDatabase(AuditCopiesEventsTest.class, registry);
    }

    @Test
    void theCopyHoldsEveryEventByteForByteAsTheEventStoreStoredIt() {
        String driverId = AuditFixtures.payableDriver(sandbox());
        AuditFixtures.fund(sandbox(), 10_000);
        String payoutId = AuditFixtures.pay(sandbox(), driverId, 1_000).data().path("id").asText();
        AuditFixtures.awaitCompleted(sandbox(), payoutId);

        await("the payout's events are copied").atMost(SETTLE).until(() -> copies(payoutId) > 0
                && copies(payoutId) == jdbc.queryForObject("select count(*) from domain_event_entry"
                + " where aggregate_identifier = ?", Long.class, payoutId));

        assertThat(jdbc.queryForObject("select count(*) from domain_event_entry e join audit_stored_event c"
                + " on c.global_index = e.global_index where c.aggregate_identifier <> e.aggregate_identifier"
                + " or c.sequence_number <> e.sequence_number or c.type is distinct from e.type"
                + " or c.event_identifier <> e.event_identifier or c.payload_type <> e.payload_type"
                + " or c.payload_revision is distinct from e.payload_revision or c.payload <> e.payload"
                + " or c.meta_data is distinct from e.meta_data or c.time_stamp <> e.time_stamp", Long.class))
                .as("copies that differ from the stored event in any column").isZero();
        assertThat(jdbc.queryForObject("select count(*) from audit_event a where not exists"
                + " (select 1 from audit_stored_event c where c.global_index = a.global_index)", Long.class))
                .as("links without their event's copy").isZero();
        assertThat(jdbc.queryForObject("select count(*) from audit_stored_event where aggregate_identifier = ?"
                + " and convert_from(payload, 'UTF8') like '%pii:v1:%'", Long.class, driverId))
                .as("the driver's personal data stays encrypted in the copy (ADR-0026)").isPositive();
    }

    @Test
    void theAuditApiReadsTheCopyNotTheEventTable() {
        String driverId = AuditFixtures.payableDriver(sandbox());
        AuditFixtures.fund(sandbox(), 5_000);
        Instant funded = Instant.now();
        await("the driver's events are copied").atMost(SETTLE).until(() -> copies(driverId) == 2);
        byte[] stored = jdbc.queryForObject("select payload from domain_event_entry where aggregate_identifier = ?"
                + " and sequence_number = 0", byte[].class, driverId);
        try {
            jdbc.update("update domain_event_entry set payload = convert_to('{}', 'UTF8')"
                    + " where aggregate_identifier = ? and sequence_number = 0", driverId);

            Api.Response history = sandbox().get("/api/v1/drivers/" + driverId + "/history");
            Api.Response events = sandbox().get("/api/v1/events?resource=" + driverId);
            Api.Response balance = sandbox().get("/api/v1/balance?asOf=" + funded);
            Api.Response verification = owner().get("/api/v1/admin/audit/verify");

            assertThat(history.status()).as("%s", history).isEqualTo(200);
            JsonNode registered = AuditFixtures.items(history).get(0);
            assertThat(registered.path("type").asText()).isEqualTo("driver.registered");
            assertThat(registered.path("data").path("svcDriverId").asText()).as("%s", registered).isNotEmpty();
            assertThat(AuditFixtures.types(events)).contains("driver.registered", "driver.kyc_verified");
            assertThat(balance.status()).as("%s", balance).isEqualTo(200);
            assertThat(balance.data().path("available").asLong()).as("%s", balance).isGreaterThanOrEqualTo(5_000);
            assertThat(verification.data().path("verified").asBoolean()).as("%s", verification).isTrue();
        } finally {
            jdbc.update("update domain_event_entry set payload = ? where aggregate_identifier = ?"
                    + " and sequence_number = 0", stored, driverId);
        }
    }

    @Test
    void verificationNamesAnEventWhoseCopiedBytesWereAltered() {
        String driverId = AuditFixtures.payableDriver(sandbox());
        await("the driver's events are copied").atMost(SETTLE).until(() -> copies(driverId) == 2);
        String eventId = sandbox().get("/api/v1/drivers/" + driverId + "/history").data().path("items").get(0)
                .path("id").asText();
        byte[] copied = jdbc.queryForObject("select payload from audit_stored_event where aggregate_identifier = ?"
                + " and sequence_number = 0", byte[].class, driverId);
        try {
            jdbc.update("update audit_stored_event set payload = convert_to(replace(convert_from(payload, 'UTF8'),"
                    + " 'ext-', 'EXT-'), 'UTF8') where aggregate_identifier = ? and sequence_number = 0", driverId);

            Api.Response verification = owner().get("/api/v1/admin/audit/verify");

            assertThat(verification.data().path("verified").asBoolean()).as("%s", verification).isFalse();
            JsonNode broken = verification.data().path("firstBroken");
            assertThat(broken.path("eventId").asText()).isEqualTo(eventId);
            assertThat(broken.path("aggregateId").asText()).isEqualTo(driverId);
            assertThat(broken.path("problem").asText()).contains("stored bytes");
        } finally {
            jdbc.update("update audit_stored_event set payload = ? where aggregate_identifier = ?"
                    + " and sequence_number = 0", copied, driverId);
        }
        assertThat(owner().get("/api/v1/admin/audit/verify").data().path("verified").asBoolean()).isTrue();
    }

    @Test
    void aSandboxResetThatKeepsTheEventsDropsTheSandboxChainAndItsCopies() {
        String driverId = AuditFixtures.payableDriver(sandbox());
        await("the driver's events are copied").atMost(SETTLE).until(() -> copies(driverId) == 2);

        Api.Response reset = sandbox().post("/api/v1/sandbox/reset", null);

        assertThat(reset.status()).as("reset: %s", reset).isEqualTo(200);
        assertThat(jdbc.queryForObject("select count(*) from domain_event_entry where aggregate_identifier = ?",
                Long.class, driverId)).as("the events stay stored").isEqualTo(2);
        assertThat(sandbox().get("/api/v1/drivers/" + driverId + "/history").status()).isEqualTo(404);
        assertThat(AuditFixtures.items(sandbox().get("/api/v1/events?resource=" + driverId))).isEmpty();
        Api.Response verification = owner().get("/api/v1/admin/audit/verify");
        assertThat(verification.data().path("verified").asBoolean()).as("%s", verification).isTrue();
        String next = AuditFixtures.payableDriver(sandbox());
        assertThat(AuditFixtures.types(sandbox().get("/api/v1/drivers/" + next + "/history")))
                .startsWith("driver.registered");
    }

    private long copies(String aggregateId) {
        return jdbc.queryForObject("select count(*) from audit_stored_event where aggregate_identifier = ?", Long.class,
                aggregateId);
    }

    private synchronized Api sandbox() {
        if (sandbox == null) {
            sandbox = owner().withNewKey("sandbox", Api.ALL_SCOPES);
        }
        return sandbox;
    }

    private Api owner() {
        return Api.of(application).signedIn(OWNER_EMAIL, OWNER_PASSWORD);
    }
}
