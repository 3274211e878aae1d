package io.payouts.bank.rail;

import io.payouts.bank.iso20022.AccountType;
import io.payouts.bank.iso20022.BankAccount;
import io.payouts.bank.iso20022.IbanAccount;
import io.payouts.bank.iso20022.UsBankAccount;
import io.payouts.shared.driver.BankAccountDetails;
import io.payouts.shared.driver.PayeeAccount;

import java.util.Objects;

/** Who a payment credits: the account holder's name and the account. Printed masked, never in full. */
record Payee(String holderName, BankAccount account) {

    Payee {
        if (holderName == null || holderName.isBlank()) {
            throw new IllegalArgumentException("a payee has the account holder's name");
        }
        Objects.requireNonNull(account, "account");
    }

    /**
     * The driver's account on file ({@link io.payouts.shared.driver.PayeeAccounts}) as a payment instruction names
     * it: a US account by routing number, account number and type, or an account by IBAN and BIC.
     *
     * @throws IllegalArgumentException when a payment instruction cannot name it; the message never repeats the
     *                                  account, since the ISO 20022 types' own messages do
     */
    static Payee of(PayeeAccount account) {
        BankAccount bankAccount;
        try {
            bankAccount = account.byIban() ? new IbanAccount(account.iban(), account.bic()) : usAccount(account);
        } catch (IllegalArgumentException unfit) {
            throw new IllegalArgumentException("no payment instruction can name this account");
        }
        return new Payee(account.holderName(), bankAccount);
    }

    private static UsBankAccount usAccount(PayeeAccount account) {
        if (!BankAccountDetails.US.equals(account.country()) || account.accountType() == null) {
            throw new IllegalArgumentException("an account without an IBAN is a US account with a type");
        }
        AccountType type = switch (account.accountType()) {
            case CHECKING -> AccountType.CHECKING;
            case SAVINGS -> AccountType.SAVINGS;
        };
        return new UsBankAccount(account.routingNumber(), account.accountNumber(), type);
    }

    @Override
    public String toString() {
        String identification = account.identification();
        return "Payee[****" + identification.substring(Math.max(0, identification.length() - 4)) + "]";
    }
}
