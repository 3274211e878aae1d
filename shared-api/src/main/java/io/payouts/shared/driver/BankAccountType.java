package io.payouts.shared.driver;

/** The kind of a US deposit account, which an ACH credit names; an account by IBAN has none. */
public enum BankAccountType {
    CHECKING,
    SAVINGS
}
