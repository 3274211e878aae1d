package io.payouts.shared.wallet;

import io.payouts.shared.WalletScoped;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;
import java.util.Objects;

/** The bank confirmed a pending top-up: its amount becomes available. {@code settledBy} is a user id or "automatic". */
public record SettleTopUpCommand(@TargetAggregateIdentifier WalletId walletId, TransactionId transactionId,
                                 String settledBy, Instant settledAt) implements WalletScoped {

    public SettleTopUpCommand {
        Objects.requireNonNull(walletId, "walletId");
        Objects.requireNonNull(transactionId, "transactionId");
        Objects.requireNonNull(settledBy, "settledBy");
        Objects.requireNonNull(settledAt, "settledAt");
    }
}
