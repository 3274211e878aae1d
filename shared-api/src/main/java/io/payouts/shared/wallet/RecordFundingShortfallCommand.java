package io.payouts.shared.wallet;

import io.payouts.shared.WalletScoped;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;
import java.time.LocalDate;
import java.util.Objects;

/**
 * What the funding projection shows in the alert's window: the first day it runs below zero, or null for none.
 * The wallet turns it into the start or the end of a shortfall episode, or into nothing (ADR-0043).
 */
public record RecordFundingShortfallCommand(@TargetAggregateIdentifier WalletId walletId, LocalDate shortfallOn,
                                            long projectedBalance, Instant at) implements WalletScoped {

    public RecordFundingShortfallCommand {
        Objects.requireNonNull(walletId, "walletId");
        Objects.requireNonNull(at, "at");
    }
}
