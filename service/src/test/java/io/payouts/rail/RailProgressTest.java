package io.payouts.rail;

import io.payouts.service.support.Api;
import io.payouts.service.support.HttpIntegrationTest;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.CancelPayoutCommand;
import io.payouts.shared.payout.PayoutCanceledEvent;
import io.payouts.shared.payout.PayoutCompletedEvent;
import io.payouts.shared.payout.PayoutFailedEvent;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutProcessingStartedEvent;
import io.payouts.shared.payout.PayoutQueuedEvent;
import io.payouts.shared.payout.PayoutRequest;
import io.payouts.shared.payout.PayoutRequestedEvent;
import io.payouts.shared.payout.PayoutRetriedEvent;
import io.payouts.shared.payout.Rail;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The simulated rail in the running service (2 s delays, see HttpIntegrationTest): payouts move to their end on
 * their own, through commands the Payout aggregate checks. Each test tops up the sandbox wallet by exactly what
 * its payouts finally spend, so it leaves the shared wallet's available funds as it found them.
 */
class RailProgressTest extends HttpIntegrationTest {

    private static final Duration PATIENCE = Duration.ofSeconds(30);

    @Autowired
    private CommandGateway commands;
    @Autowired
    private EventStore eventStore;
    @Autowired
    private JdbcTemplate jdbc;
    @Autowired
    private Clock clock;

    private RailPayouts payouts;
    private DriverId driver;

    @BeforeEach
    void payableDriver() {
        payouts = new RailPayouts(commands, eventStore, clock);
        driver = new DriverId(api().registerDriver().path("id").asText());
        Api.Response kyc = api().post("/api/v1/drivers/" + driver.value() + "/kyc", "{\"outcome\":\"verified\"}");
        // the sandbox may already have verified a new driver by itself
        assertThat(kyc.status()).isIn(200, 409);
    }

    @Test
    void standardAndInstantPayoutsCompleteOnTheirOwn() {
        PayoutRequest standard = payouts.request(driver, 10_000, Rail.STANDARD, false);
        PayoutRequest instant = payouts.request(driver, 5_000, Rail.INSTANT, false);
        payouts.fund(15_000);

        payouts.admit(standard, instant);

        awaitLast(standard.payoutId(), PayoutCompletedEvent.class);
        awaitLast(instant.payoutId(), PayoutCompletedEvent.class);
        assertThat(payouts.events(standard.payoutId())).containsExactly(PayoutRequestedEvent.class,
                PayoutQueuedEvent.class, PayoutProcessingStartedEvent.class, PayoutCompletedEvent.class);
        assertThat(payouts.events(instant.payoutId()))
                .containsExactly(PayoutRequestedEvent.class, PayoutCompletedEvent.class);
        assertThat(payouts.lastPayload(instant.payoutId(), PayoutCompletedEvent.class).netAmount()).isEqualTo(4_950);
        awaitNoSteps(standard.payoutId());
        awaitNoSteps(instant.payoutId());
    }

    @Test
    void aPayoutOfTheFailedScenarioEndsFailedAndItsRetryCompletes() {
        PayoutRequest standard = payouts.request(driver, 7_000, Rail.STANDARD, true);
        PayoutRequest instant = payouts.request(driver, 3_000, Rail.INSTANT, true);
        payouts.fund(10_000);

        payouts.admit(standard, instant);

        awaitLast(standard.payoutId(), PayoutFailedEvent.class);
        awaitLast(instant.payoutId(), PayoutFailedEvent.class);
        assertThat(payouts.events(standard.payoutId())).containsExactly(PayoutRequestedEvent.class,
                PayoutQueuedEvent.class, PayoutProcessingStartedEvent.class, PayoutFailedEvent.class);
        assertThat(payouts.lastPayload(instant.payoutId(), PayoutFailedEvent.class).reason())
                .isEqualTo("simulated rail failure (sandbox scenario payout_failed)");

        payouts.retry(standard.payoutId(), instant.payoutId());

        awaitLast(standard.payoutId(), PayoutCompletedEvent.class);
        awaitLast(instant.payoutId(), PayoutCompletedEvent.class);
        assertThat(payouts.events(instant.payoutId())).containsExactly(PayoutRequestedEvent.class,
                PayoutFailedEvent.class, PayoutRetriedEvent.class, PayoutProcessingStartedEvent.class,
                PayoutCompletedEvent.class);
    }

    @Test
    void aCanceledPayoutNeverCompletesAndItsStepIsDropped() {
        PayoutRequest canceled = payouts.request(driver, 4_000, Rail.STANDARD, false);
        PayoutRequest witness = payouts.request(driver, 1_000, Rail.STANDARD, false);
        payouts.fund(5_000);
        payouts.admit(canceled, witness);

        commands.sendAndWait(new CancelPayoutCommand(canceled.payoutId(), Mode.SANDBOX, clock.instant()));

        // The witness was queued with the canceled payout, so by its completion every step the canceled one could
        // still have had came due and was run or dropped.
        awaitLast(witness.payoutId(), PayoutCompletedEvent.class);
        awaitNoSteps(canceled.payoutId());
        assertThat(payouts.last(canceled.payoutId())).isEqualTo(PayoutCanceledEvent.class);
        assertThat(payouts.events(canceled.payoutId())).doesNotContain(PayoutProcessingStartedEvent.class,
                PayoutCompletedEvent.class);

        PayoutRequest drain = payouts.request(driver, 4_000, Rail.STANDARD, false);
        payouts.admit(drain);
        awaitLast(drain.payoutId(), PayoutCompletedEvent.class);
    }

    @Test
    void aStepRunAgainAfterItsPayoutMovedOnChangesNothing() {
        PayoutRequest payout = payouts.request(driver, 2_000, Rail.STANDARD, true);
        payouts.fund(2_000);
        payouts.admit(payout);
        awaitLast(payout.payoutId(), PayoutFailedEvent.class);
        awaitNoSteps(payout.payoutId());
        long version = eventStore.lastSequenceNumberFor(payout.payoutId().value()).orElseThrow();

        // As after a crash between a step's command and the step's deletion: a step planned at the current
        // version reaches the aggregate, which refuses it; one planned before the last move is dropped unsent.
        schedule(payout.payoutId(), RailStep.FAIL, version);
        schedule(payout.payoutId(), RailStep.COMPLETE, version);
        schedule(payout.payoutId(), RailStep.PROCESS, version - 1);

        awaitNoSteps(payout.payoutId());
        assertThat(payouts.events(payout.payoutId())).containsExactly(PayoutRequestedEvent.class,
                PayoutQueuedEvent.class, PayoutProcessingStartedEvent.class, PayoutFailedEvent.class);

        payouts.retry(payout.payoutId());
        awaitLast(payout.payoutId(), PayoutCompletedEvent.class);
        assertThat(payouts.terminalEvents(payout.payoutId())).isEqualTo(2);
    }

    private void schedule(PayoutId payout, RailStep step, long plannedAtVersion) {
        jdbc.update("insert into rail_job (payout_id, step, due_at, attempts, planned_at_version) values (?, ?, ?, 0, ?)",
                payout.value(), step.name(), OffsetDateTime.now(ZoneOffset.UTC), plannedAtVersion);
    }

    private void awaitLast(PayoutId payout, Class<?> event) {
        await().atMost(PATIENCE).untilAsserted(() -> assertThat(payouts.last(payout)).isEqualTo(event));
    }

    private void awaitNoSteps(PayoutId payout) {
        await().atMost(PATIENCE).until(() -> jdbc.queryForObject(
                "select count(*) from rail_job where payout_id = ?", Long.class, payout.value()) == 0);
    }
}
