package io.payouts.shared;

import io.payouts.shared.wallet.WalletId;

/**
 * A message that decides against, or tells of, one wallet; its mode is the wallet's unless it names its own. Every
 * command and event with a {@code walletId} component implements it.
 */
public interface WalletScoped extends ModeScoped {

    WalletId walletId();

    @Override
    default Mode mode() {
        return walletId().mode();
    }
}
