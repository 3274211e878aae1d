package io.payouts.shared.wallet;

import io.payouts.shared.Mode;
import io.payouts.shared.WalletScoped;
import org.axonframework.serialization.Revision;

import java.time.Instant;

/** A top-up settled: a credit; its amount moved from pending to available. */
@Revision("1")
public record TopUpSettledEvent(WalletId walletId, Mode mode, TransactionId transactionId, long amount,
                                String description, String settledBy, Instant settledAt)
        implements WalletEvent, WalletScoped {
}
