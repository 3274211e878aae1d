package io.payouts.bank.iso20022;

/** Where money is held: a US account by routing and account number, or an account by IBAN and its bank's BIC. */
public sealed interface BankAccount permits UsBankAccount, IbanAccount {

    /** What identifies the account in a file: the account number or the IBAN. */
    String identification();
}
