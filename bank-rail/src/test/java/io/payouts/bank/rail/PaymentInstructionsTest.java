package io.payouts.bank.rail;

import io.payouts.shared.driver.BankAccountType;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.PayeeAccount;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.Rail;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class PaymentInstructionsTest {

    private static final PayeeAccount ACCOUNT = us("Ana Diaz", "000123456789");

    @Test
    void paysTheNetAmountToTheDriversAccountUnderTheAttemptsEndToEndId() {
        PaymentInstructions.Instruction instruction = PaymentInstructions.of(payment(Rail.INSTANT),
                Optional.of(ACCOUNT), "USD");

        assertThat(instruction).isInstanceOfSatisfying(PaymentInstructions.Instruction.Payable.class, payable -> {
            assertThat(payable.instruction().endToEndId()).isEqualTo("0123456789abcdef0123456789abcdef-1a");
            assertThat(payable.instruction().amountCents()).isEqualTo(12_350);
            assertThat(payable.instruction().remittance()).isEqualTo("Payout pay_0123456789abcdef0123456789abcdef");
            assertThat(payable.instruction().creditorName()).isEqualTo("Ana Diaz");
            assertThat(payable.instruction().creditorAccount().identification()).isEqualTo("000123456789");
        });
    }

    @Test
    void saysWhyADriverCannotBePaidWithoutShowingTheAccount() {
        assertThat(PaymentInstructions.of(payment(Rail.STANDARD), Optional.empty(), "USD"))
                .isEqualTo(new PaymentInstructions.Instruction.Unpayable(PaymentInstructions.NO_ACCOUNT));
        assertThat(PaymentInstructions.of(payment(Rail.STANDARD), Optional.of(new PayeeAccount("Ana Diaz", "FR",
                null, null, null, "FR1420041010050500013M02606", "BNPAFRPP")), "USD"))
                .isInstanceOfSatisfying(PaymentInstructions.Instruction.Unpayable.class, unpayable -> assertThat(
                        unpayable.reason()).contains("cannot receive USD").doesNotContain("FR1420041010050500013M02606"));
        assertThat(PaymentInstructions.of(payment(Rail.STANDARD), Optional.of(us("A".repeat(141), "000123456789")),
                "USD")).isInstanceOfSatisfying(PaymentInstructions.Instruction.Unpayable.class,
                unpayable -> assertThat(unpayable.reason()).contains("holder name"));
        assertThat(PaymentInstructions.of(payment(Rail.STANDARD), Optional.of(us("Ana Diaz", "12345678901234567890")),
                "USD")).isEqualTo(new PaymentInstructions.Instruction.Unpayable(PaymentInstructions.UNFIT_ACCOUNT));
    }

    private static PayeeAccount us(String holderName, String accountNumber) {
        return new PayeeAccount(holderName, "US", "011000015", accountNumber, BankAccountType.CHECKING, null, null);
    }

    private static OutboxPayment payment(Rail rail) {
        return new OutboxPayment("0123456789abcdef0123456789abcdef-1a",
                new PayoutId("pay_0123456789abcdef0123456789abcdef"), 46, new DriverId("drv_" + "d".repeat(32)),
                12_350, rail, null, PaymentState.ASSIGNED, 1L, null, null, null, Instant.EPOCH);
    }
}
