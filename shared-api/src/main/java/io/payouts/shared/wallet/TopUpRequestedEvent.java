package io.payouts.shared.wallet;

import io.payouts.shared.Mode;
import io.payouts.shared.WalletScoped;
import org.axonframework.serialization.Revision;

import java.time.Instant;

/** A top-up was requested; its amount is pending until it settles. */
@Revision("1")
public record TopUpRequestedEvent(WalletId walletId, Mode mode, TransactionId transactionId, long amount,
                                  String description, String method, Instant requestedAt)
        implements WalletEvent, WalletScoped {
}
