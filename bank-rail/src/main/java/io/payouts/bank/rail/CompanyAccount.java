package io.payouts.bank.rail;

import io.payouts.bank.iso20022.AccountType;
import io.payouts.bank.iso20022.BankAccount;
import io.payouts.bank.iso20022.Debtor;
import io.payouts.bank.iso20022.IbanAccount;
import io.payouts.bank.iso20022.UsBankAccount;

import java.util.Locale;

/**
 * The company's account every file pays from ({@code payouts.bank.debtor.*}), checked at start: a setting that is
 * missing or malformed stops the service with a message naming it, never the value (an account number is not
 * printed). The company pays in its account's currency: USD from a US account, EUR from an IBAN.
 */
record CompanyAccount(Debtor debtor, String currency) {

    /** The simulated bank's company, when the simulator runs and no debtor is configured. */
    static final BankRailProperties.Debtor SIMULATED = new BankRailProperties.Debtor("Payouts Demo Fleet",
            "021000021", "000123456789", "checking", null, null);

    static CompanyAccount of(BankRailProperties.Debtor settings) {
        String name = required(settings.name(), "payouts.bank.debtor.name (PAYOUTS_BANK_DEBTOR_NAME)");
        if (name.length() > 140) {
            throw invalid("payouts.bank.debtor.name (PAYOUTS_BANK_DEBTOR_NAME) is at most 140 characters");
        }
        boolean iban = present(settings.iban()) || present(settings.bic());
        boolean us = present(settings.routingNumber()) || present(settings.accountNumber());
        if (iban == us) {
            throw invalid("the company's account is either payouts.bank.debtor.routing-number and account-number "
                    + "(PAYOUTS_BANK_DEBTOR_ROUTING_NUMBER, PAYOUTS_BANK_DEBTOR_ACCOUNT_NUMBER) or "
                    + "payouts.bank.debtor.iban and bic (PAYOUTS_BANK_DEBTOR_IBAN, PAYOUTS_BANK_DEBTOR_BIC)");
        }
        BankAccount account = us ? usAccount(settings) : ibanAccount(settings);
        return new CompanyAccount(new Debtor(name, account), us ? "USD" : "EUR");
    }

    static CompanyAccount of(BankRailProperties.Debtor settings, boolean simulatedBank) {
        boolean configured = present(settings.name()) || present(settings.accountNumber()) || present(settings.iban());
        return of(simulatedBank && !configured ? SIMULATED : settings);
    }

    private static BankAccount usAccount(BankRailProperties.Debtor settings) {
        String routing = required(settings.routingNumber(),
                "payouts.bank.debtor.routing-number (PAYOUTS_BANK_DEBTOR_ROUTING_NUMBER)");
        String number = required(settings.accountNumber(),
                "payouts.bank.debtor.account-number (PAYOUTS_BANK_DEBTOR_ACCOUNT_NUMBER)");
        if (!number.matches("[0-9]{4,17}")) {
            throw invalid("payouts.bank.debtor.account-number (PAYOUTS_BANK_DEBTOR_ACCOUNT_NUMBER) must be 4 to 17 "
                    + "digits");
        }
        AccountType type;
        try {
            type = AccountType.valueOf(settings.accountType().strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException | NullPointerException unknown) {
            throw invalid("payouts.bank.debtor.account-type (PAYOUTS_BANK_DEBTOR_ACCOUNT_TYPE) is checking or "
                    + "savings");
        }
        try {
            return new UsBankAccount(routing, number, type);
        } catch (IllegalArgumentException wrongRouting) {
            throw invalid("payouts.bank.debtor.routing-number (PAYOUTS_BANK_DEBTOR_ROUTING_NUMBER) must be a nine-digit"
                    + " ABA routing number with a valid check digit");
        }
    }

    private static BankAccount ibanAccount(BankRailProperties.Debtor settings) {
        String iban = required(settings.iban(), "payouts.bank.debtor.iban (PAYOUTS_BANK_DEBTOR_IBAN)")
                .replace(" ", "").toUpperCase(Locale.ROOT);
        String bic = required(settings.bic(), "payouts.bank.debtor.bic (PAYOUTS_BANK_DEBTOR_BIC)")
                .toUpperCase(Locale.ROOT);
        try {
            new IbanAccount(iban, "AAAAAAAA");
        } catch (IllegalArgumentException wrongIban) {
            throw invalid("payouts.bank.debtor.iban (PAYOUTS_BANK_DEBTOR_IBAN) is not a valid IBAN (country, check "
                    + "digits, 11 to 30 letters or digits)");
        }
        try {
            return new IbanAccount(iban, bic);
        } catch (IllegalArgumentException wrongBic) {
            throw invalid("payouts.bank.debtor.bic (PAYOUTS_BANK_DEBTOR_BIC) must be 8 or 11 letters or digits");
        }
    }

    private static String required(String value, String setting) {
        if (!present(value)) {
            throw invalid(setting + " is required to pay through a bank");
        }
        return value.strip();
    }

    private static boolean present(String value) {
        return value != null && !value.isBlank();
    }

    private static IllegalStateException invalid(String message) {
        return new IllegalStateException("The bank rail cannot start: " + message);
    }
}
