package io.payouts.shared.wallet;

import io.payouts.shared.WalletScoped;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;
import java.util.Objects;

/**
 * The bank confirmed a pending top-up: its amount becomes available. {@code settledBy} is a user id, "automatic" or the
 * bank rail. {@code creditedAmount}, when the bank's notification says how much arrived, must be the top-up's amount:
 * the wallet refuses to settle another amount, which finance then looks at (null: an admin confirmed it).
 */
public record SettleTopUpCommand(@TargetAggregateIdentifier WalletId walletId, TransactionId transactionId,
                                 String settledBy, Instant settledAt, Long creditedAmount) implements WalletScoped {

    public SettleTopUpCommand {
        Objects.requireNonNull(walletId, "walletId");
        Objects.requireNonNull(transactionId, "transactionId");
        Objects.requireNonNull(settledBy, "settledBy");
        Objects.requireNonNull(settledAt, "settledAt");
    }

    public SettleTopUpCommand(WalletId walletId, TransactionId transactionId, String settledBy, Instant settledAt) {
        this(walletId, transactionId, settledBy, settledAt, null);
    }
}
