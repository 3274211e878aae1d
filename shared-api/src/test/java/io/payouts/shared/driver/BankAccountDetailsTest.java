package io.payouts.shared.driver;

import io.payouts.shared.InvalidFieldException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

class BankAccountDetailsTest {

    @ParameterizedTest
    @ValueSource(strings = {"021000021", "011000015", "026009593", "121000358"})
    void acceptsRoutingNumbersWhoseAbaChecksumHolds(String routingNumber) {
        assertThat(BankAccountDetails.isValidRoutingNumber(routingNumber)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"021000022", "123456789", "000000000", "02100002", "0210000210", "02100002a",
            "０２１０００００２１"})
    void refusesRoutingNumbersThatAreNotNineDigitsWithAValidCheckDigit(String routingNumber) {
        assertThat(BankAccountDetails.isValidRoutingNumber(routingNumber)).isFalse();
    }

    @Test
    void takesUsAccountNumbersOfFourToSeventeenDigits() {
        assertThat(BankAccountDetails.isValidUsAccountNumber("1234")).isTrue();
        assertThat(BankAccountDetails.isValidUsAccountNumber("12345678901234567")).isTrue();
        assertThat(BankAccountDetails.isValidUsAccountNumber("123")).isFalse();
        assertThat(BankAccountDetails.isValidUsAccountNumber("123456789012345678")).isFalse();
        assertThat(BankAccountDetails.isValidUsAccountNumber("1234-5678")).isFalse();
    }

    @Test
    void showsOnlyTheLastFourDigitsOfTheNumber() {
        assertThat(BankAccountDetails.us("Ana", "021000021", "000123456789", BankAccountType.SAVINGS).last4())
                .isEqualTo("6789");
        assertThat(BankAccountDetails.iban("Ana", "GB82WEST12345698765432", "NWBKGB2L").last4()).isEqualTo("5432");
    }

    @Test
    void takesTheCountryOfAnAccountByIbanFromTheIban() {
        assertThat(BankAccountDetails.iban("Ana", "GB82WEST12345698765432", "NWBKGB2L").country()).isEqualTo("GB");
    }

    @Test
    void neverPrintsTheHolderOrTheFullNumber() {
        String us = BankAccountDetails.us("Ana Silva", "021000021", "000123456789", BankAccountType.CHECKING)
                .toString();
        String iban = BankAccountDetails.iban("Ana Silva", "GB82WEST12345698765432", "NWBKGB2L").toString();
        String command = new SetDriverBankAccountCommand(new DriverId("drv_" + "0".repeat(32)),
                io.payouts.shared.Mode.PRODUCTION, BankAccountDetails.iban("Ana Silva", "GB82WEST12345698765432",
                "NWBKGB2L"), java.time.Instant.EPOCH).toString();

        assertThat(us).doesNotContain("000123456789", "Ana").contains("6789");
        assertThat(iban).doesNotContain("GB82WEST12345698765432", "Ana").contains("5432");
        assertThat(command).doesNotContain("GB82WEST12345698765432", "Ana");
    }

    @Test
    void namesTheFieldThatBreaksARule() {
        assertField(() -> BankAccountDetails.us("Ana", "021000022", "000123456789", BankAccountType.CHECKING),
                "routingNumber");
        assertField(() -> BankAccountDetails.us("Ana", "021000021", "12", BankAccountType.CHECKING),
                "accountNumber");
        assertField(() -> BankAccountDetails.us("Ana", "021000021", "000123456789", null), "accountType");
        assertField(() -> BankAccountDetails.us(" ", "021000021", "000123456789", BankAccountType.CHECKING),
                "holderName");
        assertField(() -> BankAccountDetails.us("Ana\u0007", "021000021", "000123456789", BankAccountType.CHECKING),
                "holderName");
        assertField(() -> BankAccountDetails.iban("Ana", "GB82WEST12345698765433", "NWBKGB2L"), "iban");
        assertField(() -> BankAccountDetails.iban("Ana", "GB82WEST12345698765432", "NWBK"), "bic");
        assertField(() -> new BankAccountDetails("Ana", "FR", null, null, null, "GB82WEST12345698765432", "NWBKGB2L"),
                "country");
        assertField(() -> new BankAccountDetails("Ana", "CA", "021000021", "000123456789", BankAccountType.CHECKING,
                null, null), "country");
        assertField(() -> new BankAccountDetails("Ana", null, null, "000123456789", null, "GB82WEST12345698765432",
                "NWBKGB2L"), "iban");
    }

    private static void assertField(org.assertj.core.api.ThrowableAssert.ThrowingCallable call, String field) {
        Throwable thrown = catchThrowable(call);
        assertThat(thrown).isInstanceOf(InvalidFieldException.class);
        assertThat(((InvalidFieldException) thrown).details()).containsOnlyKeys(field);
    }
}
