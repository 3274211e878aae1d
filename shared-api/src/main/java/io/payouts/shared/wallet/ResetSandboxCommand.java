package io.payouts.shared.wallet;

import io.payouts.shared.Mode;
import io.payouts.shared.WalletScoped;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;
import java.util.Objects;

/**
 * Empties the sandbox wallet as part of a sandbox reset whose events stay stored (Axon Server, ADR-0015): the one
 * event it records tells every read model to forget the sandbox. Only the sandbox wallet can be named.
 */
public record ResetSandboxCommand(@TargetAggregateIdentifier WalletId walletId, Instant resetAt) implements WalletScoped {

    public ResetSandboxCommand {
        Objects.requireNonNull(resetAt, "resetAt");
        if (!WalletId.of(Mode.SANDBOX).equals(walletId)) {
            throw new IllegalArgumentException(walletId + " is not the sandbox wallet");
        }
    }

    public static ResetSandboxCommand at(Instant resetAt) {
        return new ResetSandboxCommand(WalletId.of(Mode.SANDBOX), resetAt);
    }
}
