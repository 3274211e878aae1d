package io.payouts.shared.wallet;

import io.payouts.shared.Mode;
import io.payouts.shared.WalletScoped;
import org.axonframework.serialization.Revision;

import java.time.Instant;

/**
 * The sandbox was reset while its events stay stored (ADR-0015): the sandbox wallet is empty again, with nothing
 * pending, and every read model forgets its sandbox rows here, in stream order, so a rebuild ends as the live read
 * model did.
 */
@Revision("1")
public record SandboxResetEvent(WalletId walletId, Mode mode, Instant resetAt) implements WalletEvent, WalletScoped {
}
