package io.payouts.bank.iso20022;

import java.util.Objects;

/** The company's own account, which every payment of a file is paid from. */
public record Debtor(String name, BankAccount account) {

    public Debtor {
        IsoText.require("debtor name", name, 140);
        Objects.requireNonNull(account, "the debtor needs an account");
    }
}
