package io.payouts.bank.iso20022;

import org.junit.jupiter.api.Test;

import java.util.List;

import static io.payouts.bank.iso20022.Fixtures.EXECUTION_DATE;
import static io.payouts.bank.iso20022.Fixtures.sepaPayment;
import static io.payouts.bank.iso20022.Fixtures.usPayment;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PaymentInstructionTest {

    private static final UsBankAccount US_ACCOUNT = new UsBankAccount("011000015", "42", AccountType.CHECKING);
    private static final IbanAccount IBAN = new IbanAccount("FR1420041010050500013M02606", "BNPAFRPP");

    @Test
    void choosesTheSchemeByCurrencyAndUrgency() {
        assertThat(usPayment(1, 100, Urgency.STANDARD).scheme()).isEqualTo(PaymentScheme.US_ACH);
        assertThat(usPayment(1, 100, Urgency.INSTANT).scheme()).isEqualTo(PaymentScheme.US_INSTANT);
        assertThat(sepaPayment(1, 100, Urgency.STANDARD).scheme()).isEqualTo(PaymentScheme.SEPA_CREDIT_TRANSFER);
        assertThat(sepaPayment(1, 100, Urgency.INSTANT).scheme()).isEqualTo(PaymentScheme.SEPA_INSTANT);
    }

    @Test
    void refusesAUsAccountForAEuroPayment() {
        assertThatThrownBy(() -> payment("e2e-1", 100, "EUR", US_ACCOUNT))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("SEPA_CREDIT_TRANSFER cannot pay a UsBankAccount");
    }

    @Test
    void refusesAnIbanForADollarPayment() {
        assertThatThrownBy(() -> payment("e2e-1", 100, "USD", IBAN))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("US_ACH cannot pay a IbanAccount");
    }

    @Test
    void refusesACurrencyNoSchemePays() {
        assertThatThrownBy(() -> payment("e2e-1", 100, "GBP", IBAN))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no payment scheme pays GBP");
    }

    @Test
    void refusesACurrencyWithoutCents() {
        assertThatThrownBy(() -> payment("e2e-1", 100, "JPY", IBAN))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("JPY has 0 fraction digits");
    }

    @Test
    void refusesZeroAndNegativeAmounts() {
        assertThatThrownBy(() -> payment("e2e-1", 0, "USD", US_ACCOUNT)).hasMessageContaining("not 0");
        assertThatThrownBy(() -> payment("e2e-1", -5, "USD", US_ACCOUNT)).hasMessageContaining("not -5");
    }

    @Test
    void refusesAnEndToEndIdLongerThanThirtyFiveCharacters() {
        assertThatThrownBy(() -> payment("pay_0123456789abcdef0123456789abcdef", 100, "USD", US_ACCOUNT))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1 to 35");
    }

    @Test
    void refusesAnEndToEndIdWithCharactersSepaDoesNotCarry() {
        assertThatThrownBy(() -> payment("e2e_1", 100, "USD", US_ACCOUNT)).hasMessageContaining("e2e_1");
        assertThatThrownBy(() -> payment("/e2e", 100, "USD", US_ACCOUNT)).hasMessageContaining("/e2e");
        assertThatThrownBy(() -> payment("e2//e", 100, "USD", US_ACCOUNT)).hasMessageContaining("e2//e");
    }

    @Test
    void refusesRemittanceTextLongerThanTheMessageCarries() {
        assertThatThrownBy(() -> new PaymentInstruction("e2e-1", 100, "USD", "Driver", US_ACCOUNT, "x".repeat(141),
                Urgency.STANDARD))
                .hasMessageContaining("remittance has 141 characters, at most 140 fit");
    }

    @Test
    void refusesAControlCharacterInAName() {
        assertThatThrownBy(() -> new PaymentInstruction("e2e-1", 100, "USD", "Dri\u0000ver", US_ACCOUNT, "Payout",
                Urgency.STANDARD))
                .hasMessage("creditor name contains a control character");
    }

    @Test
    void splitsADaysPaymentsIntoOneBlockPerSchemeInOrderOfAppearance() {
        List<PaymentBlock> blocks = PaymentBlock.byScheme(EXECUTION_DATE, List.of(
                usPayment(1, 100, Urgency.INSTANT), usPayment(2, 200, Urgency.STANDARD),
                usPayment(3, 300, Urgency.INSTANT)));

        assertThat(blocks).extracting(PaymentBlock::scheme)
                .containsExactly(PaymentScheme.US_INSTANT, PaymentScheme.US_ACH);
        assertThat(blocks.get(0).instructions()).extracting(PaymentInstruction::amountCents)
                .containsExactly(100L, 300L);
        assertThat(blocks.get(0).totalCents()).isEqualTo(400);
    }

    @Test
    void refusesABlockThatMixesSchemes() {
        assertThatThrownBy(() -> new PaymentBlock(EXECUTION_DATE, Urgency.STANDARD,
                List.of(usPayment(1, 100, Urgency.STANDARD), sepaPayment(2, 100, Urgency.STANDARD))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("one block, one scheme");
    }

    @Test
    void refusesAnInstantPaymentInAStandardBlock() {
        assertThatThrownBy(() -> new PaymentBlock(EXECUTION_DATE, Urgency.STANDARD,
                List.of(usPayment(1, 100, Urgency.INSTANT))))
                .hasMessageContaining("a STANDARD block cannot carry US_INSTANT payments");
    }

    @Test
    void refusesAnEmptyBlock() {
        assertThatThrownBy(() -> new PaymentBlock(EXECUTION_DATE, Urgency.STANDARD, List.of()))
                .hasMessageContaining("at least one payment");
    }

    private static PaymentInstruction payment(String endToEndId, long cents, String currency, BankAccount account) {
        return new PaymentInstruction(endToEndId, cents, currency, "Driver", account, "Payout", Urgency.STANDARD);
    }
}
