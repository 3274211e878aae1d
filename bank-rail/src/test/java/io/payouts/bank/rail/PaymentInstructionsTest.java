package io.payouts.bank.rail;

import io.payouts.bank.iso20022.AccountType;
import io.payouts.bank.iso20022.IbanAccount;
import io.payouts.bank.iso20022.UsBankAccount;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.Rail;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class PaymentInstructionsTest {

    private static final UsBankAccount ACCOUNT = new UsBankAccount("011000015", "000123456789", AccountType.CHECKING);

    @Test
    void paysTheNetAmountToTheDriversAccountUnderTheAttemptsEndToEndId() {
        PaymentInstructions.Instruction instruction = PaymentInstructions.of(payment(Rail.INSTANT),
                Optional.of(new Payee("Ana Diaz", ACCOUNT)), "USD");

        assertThat(instruction).isInstanceOfSatisfying(PaymentInstructions.Instruction.Payable.class, payable -> {
            assertThat(payable.instruction().endToEndId()).isEqualTo("0123456789abcdef0123456789abcdef-1a");
            assertThat(payable.instruction().amountCents()).isEqualTo(12_350);
            assertThat(payable.instruction().remittance()).isEqualTo("Payout pay_0123456789abcdef0123456789abcdef");
        });
    }

    @Test
    void saysWhyADriverCannotBePaidWithoutShowingTheAccount() {
        assertThat(PaymentInstructions.of(payment(Rail.STANDARD), Optional.empty(), "USD"))
                .isEqualTo(new PaymentInstructions.Instruction.Unpayable(PaymentInstructions.NO_ACCOUNT));
        assertThat(PaymentInstructions.of(payment(Rail.STANDARD), Optional.of(new Payee("Ana Diaz",
                new IbanAccount("FR1420041010050500013M02606", "BNPAFRPP"))), "USD"))
                .isInstanceOfSatisfying(PaymentInstructions.Instruction.Unpayable.class, unpayable -> assertThat(
                        unpayable.reason()).contains("cannot receive USD").doesNotContain("FR1420041010050500013M02606"));
        assertThat(PaymentInstructions.of(payment(Rail.STANDARD), Optional.of(new Payee("A".repeat(141), ACCOUNT)),
                "USD")).isInstanceOfSatisfying(PaymentInstructions.Instruction.Unpayable.class,
                unpayable -> assertThat(unpayable.reason()).contains("holder name"));
    }

    @Test
    void printsAPayeeMasked() {
        assertThat(new Payee("Ana Diaz", ACCOUNT).toString()).isEqualTo("Payee[****6789]")
                .doesNotContain("Ana Diaz");
    }

    private static OutboxPayment payment(Rail rail) {
        return new OutboxPayment("0123456789abcdef0123456789abcdef-1a",
                new PayoutId("pay_0123456789abcdef0123456789abcdef"), 46, new DriverId("drv_" + "d".repeat(32)),
                12_350, rail, null, PaymentState.ASSIGNED, 1L, null, null, null, Instant.EPOCH);
    }
}
