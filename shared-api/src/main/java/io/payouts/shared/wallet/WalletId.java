package io.payouts.shared.wallet;

import io.payouts.shared.Mode;

/** Each mode has one funding wallet: {@code wallet_sandbox} and {@code wallet_production}. */
public record WalletId(String value) {

    public static WalletId of(Mode mode) {
        return new WalletId("wallet_" + mode.apiName());
    }

    /** Refuses a message that names another mode's wallet than the mode it acts in. */
    public void requireOf(Mode mode) {
        if (!equals(of(mode))) {
            throw new IllegalArgumentException(value + " is not the " + mode.apiName() + " wallet");
        }
    }

    /** The mode whose wallet this is. */
    public Mode mode() {
        for (Mode mode : Mode.values()) {
            if (equals(of(mode))) {
                return mode;
            }
        }
        throw new IllegalStateException(value + " is no mode's wallet");
    }

    @Override
    public String toString() {
        return value;
    }
}
