package io.payouts.query.wallet;

import io.payouts.shared.Mode;
import io.payouts.shared.wallet.WalletAlertEvent;
import io.payouts.shared.wallet.WalletBalance;
import io.payouts.shared.wallet.WalletId;

import java.util.Map;

/**
 * A mode's balance at an instant (ADR-0027), folded from the wallet's events and the mode's payout completions up to
 * it with the projection's own rules ({@link WalletChanges}), so it is what the balance endpoint answered then.
 */
public final class WalletBalanceAsOf {

    private final Mode mode;
    private final WalletChanges changes = new WalletChanges(Map.of(), Map.of(), Map.of());

    public WalletBalanceAsOf(Mode mode) {
        this.mode = mode;
    }

    /**
     * Applies the next event, in the order they were stored: a wallet event with its place in the wallet's stream, or
     * a payout completion with its place in the payout's stream, and its global position.
     */
    public void apply(Object event, long sequence, long globalPosition) {
        // the alert's events share the wallet's stream but move no money (ADR-0043)
        if (!(event instanceof WalletAlertEvent)) {
            changes.apply(event, sequence, globalPosition);
        }
    }

    public WalletBalance balance() {
        String walletId = WalletId.of(mode).value();
        return changes.changedWallets().stream().filter(wallet -> wallet.id().equals(walletId)).findFirst()
                .map(WalletRow::toBalance).orElse(WalletBalance.EMPTY);
    }
}
