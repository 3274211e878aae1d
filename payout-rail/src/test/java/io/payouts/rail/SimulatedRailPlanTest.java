package io.payouts.rail;

import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutStatus;
import io.payouts.shared.payout.Rail;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

class SimulatedRailPlanTest {

    private static final Instant NOW = Instant.parse("2026-11-21T12:00:00Z");
    private static final SimulatedRailPlan PLAN = new SimulatedRailPlan(Duration.ofSeconds(10), Duration.ofSeconds(30));

    @Test
    void queuesANewStandardPayoutAtOnce() {
        assertThat(PLAN.handedOver(payment(Rail.STANDARD, false, 0), NOW))
                .isEqualTo(new SimulatedRailPlan.PlannedStep(RailStep.QUEUE, NOW));
    }

    @Test
    void startsProcessingAQueuedPayoutAfterHalfTheStandardDelay() {
        assertThat(PLAN.recorded(payment(Rail.STANDARD, false, 0), PayoutStatus.QUEUED, NOW))
                .contains(new SimulatedRailPlan.PlannedStep(RailStep.PROCESS, NOW.plusSeconds(5)));
    }

    @Test
    void completesAProcessingStandardPayoutAfterTheRestOfTheStandardDelay() {
        assertThat(PLAN.recorded(payment(Rail.STANDARD, false, 0), PayoutStatus.PROCESSING, NOW))
                .contains(new SimulatedRailPlan.PlannedStep(RailStep.COMPLETE, NOW.plusSeconds(5)));
    }

    @Test
    void splitsAnOddDelaySoThatQueueAndProcessingAddUpToIt() {
        SimulatedRailPlan plan = new SimulatedRailPlan(Duration.ofMillis(2001), Duration.ofSeconds(30));
        RailPayment payment = payment(Rail.STANDARD, false, 0);

        Instant processing = plan.recorded(payment, PayoutStatus.QUEUED, NOW).orElseThrow().dueAt();
        Instant completed = plan.recorded(payment, PayoutStatus.PROCESSING, processing).orElseThrow().dueAt();

        assertThat(Duration.between(NOW, completed)).isEqualTo(Duration.ofMillis(2001));
    }

    @Test
    void completesANewInstantPayoutAfterTheInstantDelay() {
        assertThat(PLAN.handedOver(payment(Rail.INSTANT, false, 0), NOW))
                .isEqualTo(new SimulatedRailPlan.PlannedStep(RailStep.COMPLETE, NOW.plusSeconds(30)));
    }

    @Test
    void failsANewStandardPayoutOfTheFailedScenarioWhereItWouldHaveCompleted() {
        RailPayment payment = payment(Rail.STANDARD, true, 0);

        assertThat(PLAN.handedOver(payment, NOW).step()).isEqualTo(RailStep.QUEUE);
        assertThat(PLAN.recorded(payment, PayoutStatus.QUEUED, NOW).orElseThrow().step()).isEqualTo(RailStep.PROCESS);
        assertThat(PLAN.recorded(payment, PayoutStatus.PROCESSING, NOW))
                .contains(new SimulatedRailPlan.PlannedStep(RailStep.FAIL, NOW.plusSeconds(5)));
    }

    @Test
    void failsANewInstantPayoutOfTheFailedScenarioAfterTheInstantDelay() {
        assertThat(PLAN.handedOver(payment(Rail.INSTANT, true, 0), NOW))
                .isEqualTo(new SimulatedRailPlan.PlannedStep(RailStep.FAIL, NOW.plusSeconds(30)));
    }

    @Test
    void startsProcessingARetryAfterHalfItsRailsDelay() {
        assertThat(PLAN.handedOver(payment(Rail.STANDARD, false, 5), NOW))
                .isEqualTo(new SimulatedRailPlan.PlannedStep(RailStep.PROCESS, NOW.plusSeconds(5)));
        assertThat(PLAN.handedOver(payment(Rail.INSTANT, false, 3), NOW))
                .isEqualTo(new SimulatedRailPlan.PlannedStep(RailStep.PROCESS, NOW.plusSeconds(15)));
    }

    @Test
    void completesARetryOfTheFailedScenario() {
        RailPayment retried = payment(Rail.STANDARD, true, 5);

        assertThat(PLAN.handedOver(retried, NOW).step()).isEqualTo(RailStep.PROCESS);
        assertThat(PLAN.recorded(retried, PayoutStatus.PROCESSING, NOW).orElseThrow().step())
                .isEqualTo(RailStep.COMPLETE);
    }

    @Test
    void completesARetriedInstantPayoutAfterTheRestOfTheInstantDelay() {
        assertThat(PLAN.recorded(payment(Rail.INSTANT, false, 3), PayoutStatus.PROCESSING, NOW))
                .contains(new SimulatedRailPlan.PlannedStep(RailStep.COMPLETE, NOW.plusSeconds(15)));
    }

    @ParameterizedTest
    @EnumSource(value = PayoutStatus.class, names = {"VALIDATED", "COMPLETED", "FAILED", "CANCELED"})
    void plansNothingAfterAMoveThatIsNotQueuedOrProcessing(PayoutStatus status) {
        assertThat(PLAN.recorded(payment(Rail.STANDARD, false, 0), status, NOW)).isEmpty();
    }

    @Test
    void plansDueAtOnceWithZeroDelays() {
        SimulatedRailPlan immediate = new SimulatedRailPlan(Duration.ZERO, Duration.ZERO);

        assertThat(immediate.handedOver(payment(Rail.INSTANT, false, 0), NOW).dueAt()).isEqualTo(NOW);
        assertThat(immediate.recorded(payment(Rail.STANDARD, false, 0), PayoutStatus.QUEUED, NOW).orElseThrow().dueAt())
                .isEqualTo(NOW);
    }

    private static RailPayment payment(Rail rail, boolean failOnRail, long attempt) {
        return new RailPayment(new PayoutId("pay_" + "a".repeat(32)), Mode.SANDBOX, new DriverId("drv_" + "b".repeat(32)),
                9_850, rail, failOnRail, attempt);
    }
}
