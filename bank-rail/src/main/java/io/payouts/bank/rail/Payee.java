package io.payouts.bank.rail;

import io.payouts.bank.iso20022.BankAccount;

import java.util.Objects;

/** Who a payment credits: the account holder's name and the account. Printed masked, never in full. */
public record Payee(String holderName, BankAccount account) {

    public Payee {
        if (holderName == null || holderName.isBlank()) {
            throw new IllegalArgumentException("a payee has the account holder's name");
        }
        Objects.requireNonNull(account, "account");
    }

    @Override
    public String toString() {
        String identification = account.identification();
        return "Payee[****" + identification.substring(Math.max(0, identification.length() - 4)) + "]";
    }
}
