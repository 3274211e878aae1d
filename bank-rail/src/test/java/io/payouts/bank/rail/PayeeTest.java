package io.payouts.bank.rail;

import io.payouts.bank.iso20022.AccountType;
import io.payouts.bank.iso20022.IbanAccount;
import io.payouts.bank.iso20022.UsBankAccount;
import io.payouts.shared.driver.BankAccountType;
import io.payouts.shared.driver.PayeeAccount;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class PayeeTest {

    @Test
    void namesAUsAccountByRoutingNumberAccountNumberAndType() {
        assertThat(Payee.of(us("000123456789", BankAccountType.CHECKING))).isEqualTo(new Payee("Ana Diaz",
                new UsBankAccount("011000015", "000123456789", AccountType.CHECKING)));
        assertThat(Payee.of(us("000123456789", BankAccountType.SAVINGS)).account())
                .isEqualTo(new UsBankAccount("011000015", "000123456789", AccountType.SAVINGS));
    }

    @Test
    void namesAnAccountByIbanAndBic() {
        assertThat(Payee.of(new PayeeAccount("Ana Diaz", "FR", null, null, null, "FR1420041010050500013M02606",
                "BNPAFRPP"))).isEqualTo(new Payee("Ana Diaz", new IbanAccount("FR1420041010050500013M02606",
                "BNPAFRPP")));
    }

    @Test
    void refusesAnAccountNoPaymentInstructionCanNameWithoutRepeatingIt() {
        assertThatIllegalArgumentException().isThrownBy(() -> Payee.of(new PayeeAccount("Ana Diaz", "US",
                "011000016", "000123456789", BankAccountType.CHECKING, null, null)))
                .withMessageNotContaining("011000016").withMessageNotContaining("000123456789");
        assertThatIllegalArgumentException().isThrownBy(() -> Payee.of(new PayeeAccount("Ana Diaz", "FR", null, null,
                null, "FR1420041010050500013M02607", "BNPAFRPP")))
                .withMessageNotContaining("FR1420041010050500013M02607");
        assertThatIllegalArgumentException().isThrownBy(() -> Payee.of(new PayeeAccount("Ana Diaz", "CA",
                "011000015", "000123456789", BankAccountType.CHECKING, null, null)));
        assertThatIllegalArgumentException().isThrownBy(() -> Payee.of(us("000123456789", null)));
        assertThatIllegalArgumentException().isThrownBy(() -> Payee.of(new PayeeAccount(" ", "US", "011000015",
                "000123456789", BankAccountType.CHECKING, null, null)));
    }

    @Test
    void printsAPayeeMasked() {
        assertThat(Payee.of(us("000123456789", BankAccountType.CHECKING)).toString()).isEqualTo("Payee[****6789]")
                .doesNotContain("Ana Diaz");
    }

    private static PayeeAccount us(String accountNumber, BankAccountType type) {
        return new PayeeAccount("Ana Diaz", "US", "011000015", accountNumber, type, null, null);
    }
}
