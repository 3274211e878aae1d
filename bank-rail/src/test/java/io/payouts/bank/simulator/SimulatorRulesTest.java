package io.payouts.bank.simulator;

import io.payouts.bank.iso20022.Urgency;
import org.junit.jupiter.api.Test;

import static io.payouts.bank.iso20022.Fixtures.sepaPayment;
import static io.payouts.bank.iso20022.Fixtures.usPayment;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SimulatorRulesTest {

    @Test
    void settlesAPaymentNoRuleNames() {
        assertThat(SimulatorRules.acceptAll().verdictFor(usPayment(1, 1_00, Urgency.STANDARD)))
                .isEqualTo(new Verdict.Settled());
    }

    @Test
    void rejectsByAccountNumberOrIbanAndByAmount() {
        SimulatorRules rules = SimulatorRules.acceptAll()
                .rejectingAccount("0000066666", "AC01")
                .rejectingAccount("FR1420041010050500013M02606", "AC04")
                .rejectingAmount(7_77, "AM04");

        assertThat(rules.verdictFor(usPayment(1, 1_00, Urgency.STANDARD, "0000066666")))
                .isEqualTo(new Verdict.Rejected("AC01"));
        assertThat(rules.verdictFor(sepaPayment(2, 1_00, Urgency.INSTANT))).isEqualTo(new Verdict.Rejected("AC04"));
        assertThat(rules.verdictFor(usPayment(3, 7_77, Urgency.STANDARD))).isEqualTo(new Verdict.Rejected("AM04"));
    }

    @Test
    void letsARejectionWinOverAReturn() {
        SimulatorRules rules = SimulatorRules.acceptAll()
                .returningAccount("0000044444", "AC04")
                .rejectingAmount(7_77, "AM04");

        assertThat(rules.verdictFor(usPayment(1, 7_77, Urgency.STANDARD, "0000044444")))
                .isEqualTo(new Verdict.Rejected("AM04"));
        assertThat(rules.verdictFor(usPayment(1, 1_00, Urgency.STANDARD, "0000044444")))
                .isEqualTo(new Verdict.Returned("AC04"));
    }

    @Test
    void refusesSomethingThatIsNotAReasonCode() {
        assertThatThrownBy(() -> SimulatorRules.acceptAll().rejectingAmount(1, "closed"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("four upper-case letters or digits");
    }
}
