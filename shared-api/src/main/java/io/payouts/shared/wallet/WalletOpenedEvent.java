package io.payouts.shared.wallet;

import io.payouts.shared.Mode;
import io.payouts.shared.WalletScoped;
import org.axonframework.serialization.Revision;

import java.time.Instant;

/** The mode's wallet came into being, empty, with its first top-up request. */
@Revision("1")
public record WalletOpenedEvent(WalletId walletId, Mode mode, Instant openedAt) implements WalletEvent, WalletScoped {
}
