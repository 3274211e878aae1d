package io.payouts.shared.wallet;

import io.payouts.shared.Mode;

/** Each mode has one funding wallet: {@code wallet_sandbox} and {@code wallet_production}. */
public record WalletId(String value) {

    public static WalletId of(Mode mode) {
        return new WalletId("wallet_" + mode.apiName());
    }

    @Override
    public String toString() {
        return value;
    }
}
