package io.payouts.bank.iso20022;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BankAccountTest {

    @Test
    void acceptsRoutingNumbersWithAValidCheckDigit() {
        assertThatCode(() -> new UsBankAccount("021000021", "1", AccountType.CHECKING)).doesNotThrowAnyException();
        assertThatCode(() -> new UsBankAccount("121000248", "12345678901234567", AccountType.SAVINGS))
                .doesNotThrowAnyException();
    }

    @Test
    void refusesARoutingNumberWhoseCheckDigitIsWrong() {
        assertThatThrownBy(() -> new UsBankAccount("021000022", "1", AccountType.CHECKING))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("021000022 fails its check digit");
    }

    @Test
    void refusesAnAccountNumberAnAchEntryCannotCarry() {
        assertThatThrownBy(() -> new UsBankAccount("021000021", "123456789012345678", AccountType.CHECKING))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1 to 17 digits");
    }

    @Test
    void refusesAUsAccountWithoutAType() {
        assertThatThrownBy(() -> new UsBankAccount("021000021", "1", null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void acceptsIbansWithValidCheckDigits() {
        assertThatCode(() -> new IbanAccount("GB29NWBK60161331926819", "NWBKGB2L")).doesNotThrowAnyException();
        assertThatCode(() -> new IbanAccount("NL91ABNA0417164300", "ABNANL2A")).doesNotThrowAnyException();
    }

    @Test
    void refusesAnIbanWhoseCheckDigitsAreWrong() {
        assertThatThrownBy(() -> new IbanAccount("DE89370400440532013001", "COBADEFFXXX"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("fails its check digits");
    }

    @Test
    void refusesAnIbanWrittenWithSpaces() {
        assertThatThrownBy(() -> new IbanAccount("DE89 3704 0044 0532 0130 00", "COBADEFFXXX"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("without spaces");
    }

    @Test
    void refusesABicOfTheWrongLength() {
        assertThatThrownBy(() -> new IbanAccount("DE89370400440532013000", "COBADEFFX"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("8 or 11");
    }

    @Test
    void refusesADebtorWithoutAName() {
        assertThatThrownBy(() -> new Debtor(" ", Fixtures.US_COMPANY.account()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("debtor name is required");
    }
}
