package io.payouts.bank.rail;

import io.payouts.bank.iso20022.IbanAccount;
import io.payouts.bank.iso20022.UsBankAccount;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CompanyAccountTest {

    @Test
    void paysInDollarsFromAUsAccount() {
        CompanyAccount company = CompanyAccount.of(new BankRailProperties.Debtor("Acme Rides Inc", "021000021",
                "4000123456", "savings", null, null));

        assertThat(company.currency()).isEqualTo("USD");
        assertThat(company.debtor().account()).isInstanceOf(UsBankAccount.class);
    }

    @Test
    void paysInEurosFromAnIban() {
        CompanyAccount company = CompanyAccount.of(new BankRailProperties.Debtor("Acme Rides GmbH", null, null,
                "checking", "DE89 3704 0044 0532 0130 00", "cobadeffxxx"));

        assertThat(company.currency()).isEqualTo("EUR");
        assertThat(company.debtor().account()).isEqualTo(new IbanAccount("DE89370400440532013000", "COBADEFFXXX"));
    }

    @Test
    void namesAMissingSetting() {
        assertThatThrownBy(() -> CompanyAccount.of(new BankRailProperties.Debtor(null, "021000021", "4000123456",
                "checking", null, null))).hasMessageContaining("PAYOUTS_BANK_DEBTOR_NAME")
                .hasMessageContaining("required");
        assertThatThrownBy(() -> CompanyAccount.of(new BankRailProperties.Debtor("Acme", null, null, "checking",
                null, null))).hasMessageContaining("either payouts.bank.debtor.routing-number");
    }

    @Test
    void namesAMalformedSettingWithoutPrintingTheAccount() {
        assertThatThrownBy(() -> CompanyAccount.of(new BankRailProperties.Debtor("Acme", "021000022", "4000123456",
                "checking", null, null))).hasMessageContaining("PAYOUTS_BANK_DEBTOR_ROUTING_NUMBER")
                .hasMessageContaining("check digit").hasMessageNotContaining("4000123456");
        assertThatThrownBy(() -> CompanyAccount.of(new BankRailProperties.Debtor("Acme", "021000021", "40001x3456",
                "checking", null, null))).hasMessageContaining("PAYOUTS_BANK_DEBTOR_ACCOUNT_NUMBER")
                .hasMessageNotContaining("40001x3456");
        assertThatThrownBy(() -> CompanyAccount.of(new BankRailProperties.Debtor("Acme", "021000021", "4000123456",
                "money market", null, null))).hasMessageContaining("PAYOUTS_BANK_DEBTOR_ACCOUNT_TYPE");
        assertThatThrownBy(() -> CompanyAccount.of(new BankRailProperties.Debtor("Acme", null, null, "checking",
                "DE89370400440532013001", "COBADEFFXXX"))).hasMessageContaining("PAYOUTS_BANK_DEBTOR_IBAN")
                .hasMessageNotContaining("DE89370400440532013001");
    }

    @Test
    void paysFromTheSimulatedBanksCompanyWhenNoneIsConfigured() {
        CompanyAccount company = CompanyAccount.of(new BankRailProperties.Debtor(null, null, null, "checking", null,
                null), true);

        assertThat(company.debtor().name()).isEqualTo("Payouts Demo Fleet");
        assertThat(company.currency()).isEqualTo("USD");
    }
}
