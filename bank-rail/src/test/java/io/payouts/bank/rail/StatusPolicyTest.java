package io.payouts.bank.rail;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static io.payouts.bank.rail.StatusApplier.CAMT_054;
import static io.payouts.bank.rail.StatusApplier.PAIN_002;
import static org.assertj.core.api.Assertions.assertThat;

class StatusPolicyTest {

    @ParameterizedTest(name = "an acceptance of a {0} payment moves it to processing")
    @EnumSource(value = PaymentState.class, names = {"WRITTEN", "SENT"})
    void movesASentPaymentToProcessingWhenTheBankAcceptsIt(PaymentState state) {
        assertThat(decide(state, null, Evidence.ACCEPTED, PAIN_002))
                .isEqualTo(StatusPolicy.Decision.move(StatusPolicy.Action.PROCESS, PaymentState.ACCEPTED));
    }

    @ParameterizedTest(name = "a settlement of a {0} payment completes it")
    @EnumSource(value = PaymentState.class, names = {"WRITTEN", "SENT", "ACCEPTED"})
    void completesAPaymentTheBankSettled(PaymentState state) {
        assertThat(decide(state, null, Evidence.SETTLED, CAMT_054))
                .isEqualTo(StatusPolicy.Decision.move(StatusPolicy.Action.COMPLETE, PaymentState.SETTLED));
    }

    @ParameterizedTest(name = "a rejection of a {0} payment fails it")
    @EnumSource(value = PaymentState.class, names = {"WRITTEN", "SENT", "ACCEPTED"})
    void failsAPaymentTheBankRejected(PaymentState state) {
        assertThat(decide(state, null, Evidence.REJECTED, PAIN_002))
                .isEqualTo(StatusPolicy.Decision.move(StatusPolicy.Action.FAIL, PaymentState.REJECTED));
    }

    @Test
    void returnsASettledPayment() {
        assertThat(decide(PaymentState.SETTLED, CAMT_054, Evidence.RETURNED, CAMT_054))
                .isEqualTo(StatusPolicy.Decision.move(StatusPolicy.Action.RETURN, PaymentState.RETURNED));
    }

    @Test
    void takesASettlementReportedByTheOtherKindOfFileAsAConfirmation() {
        assertThat(decide(PaymentState.SETTLED, CAMT_054, Evidence.SETTLED, PAIN_002).action())
                .isEqualTo(StatusPolicy.Action.CONFIRM);
        assertThat(decide(PaymentState.RETURNED, CAMT_054, Evidence.SETTLED, PAIN_002).action())
                .isEqualTo(StatusPolicy.Action.CONFIRM);
    }

    @Test
    void takesAnAcceptanceReportedAfterTheSettlementAsAConfirmation() {
        assertThat(decide(PaymentState.SETTLED, CAMT_054, Evidence.ACCEPTED, PAIN_002).action())
                .isEqualTo(StatusPolicy.Action.CONFIRM);
    }

    @Test
    void parksDuplicates() {
        assertParked(decide(PaymentState.ACCEPTED, null, Evidence.ACCEPTED, PAIN_002), "duplicate status");
        assertParked(decide(PaymentState.SETTLED, CAMT_054, Evidence.SETTLED, CAMT_054), "duplicate status");
        assertParked(decide(PaymentState.REJECTED, null, Evidence.REJECTED, PAIN_002), "duplicate status");
        assertParked(decide(PaymentState.RETURNED, CAMT_054, Evidence.RETURNED, CAMT_054), "duplicate return");
    }

    @Test
    void parksStatusesThatContradictWhatTheBankSaidBefore() {
        assertParked(decide(PaymentState.REJECTED, null, Evidence.SETTLED, CAMT_054), "rejected before");
        assertParked(decide(PaymentState.SETTLED, PAIN_002, Evidence.REJECTED, PAIN_002), "settled before");
        assertParked(decide(PaymentState.REJECTED, null, Evidence.ACCEPTED, PAIN_002), "rejected before");
        assertParked(decide(PaymentState.REJECTED, null, Evidence.RETURNED, CAMT_054), "rejected before");
    }

    @ParameterizedTest(name = "a return of a {0} payment is parked")
    @EnumSource(value = PaymentState.class, names = {"WRITTEN", "SENT", "ACCEPTED"})
    void parksAReturnOfAPaymentThatNeverSettled(PaymentState state) {
        assertParked(decide(state, null, Evidence.RETURNED, CAMT_054), "never reported settled");
    }

    @ParameterizedTest(name = "any status of a {0} payment is parked")
    @EnumSource(value = PaymentState.class, names = {"PENDING", "ASSIGNED", "QUEUED", "WITHDRAWN", "FAILING",
            "FAILED"})
    void parksStatusesOfPaymentsTheBankWasNeverSent(PaymentState state) {
        for (Evidence evidence : Evidence.values()) {
            assertParked(decide(state, null, evidence, PAIN_002), "never sent");
        }
    }

    private static StatusPolicy.Decision decide(PaymentState state, String settledBy, Evidence evidence,
                                                String source) {
        return StatusPolicy.decide(state, settledBy, evidence, source);
    }

    private static void assertParked(StatusPolicy.Decision decision, String reason) {
        assertThat(decision.action()).isEqualTo(StatusPolicy.Action.PARK);
        assertThat(decision.reason()).contains(reason);
    }
}
