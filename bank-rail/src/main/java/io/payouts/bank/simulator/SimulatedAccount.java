package io.payouts.bank.simulator;

import io.payouts.bank.iso20022.BankAccount;

import java.util.Objects;

/** The company's account at the simulated bank: what its notifications are about, and the currency top-ups come in. */
public record SimulatedAccount(BankAccount account, String currency) {

    public SimulatedAccount {
        Objects.requireNonNull(account, "account");
        if (currency == null || !currency.matches("[A-Z]{3}")) {
            throw new IllegalArgumentException("a currency is an ISO 4217 code: " + currency);
        }
    }
}
