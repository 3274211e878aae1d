package io.payouts.shared.wallet;

import io.payouts.shared.InvalidFieldException;
import io.payouts.shared.Mode;
import io.payouts.shared.WalletScoped;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;
import java.util.Objects;

/**
 * Sets the mode's low-balance alert (ADR-0043); {@code shortfallWithinDays} null stops watching the projection.
 * The wallet decides at once whether its funds are low against the new threshold.
 */
public record SetLowBalanceAlertCommand(@TargetAggregateIdentifier WalletId walletId, Mode mode,
                                        long lowBalanceThreshold, Integer shortfallWithinDays, String setBy,
                                        Instant setAt) implements WalletScoped {

    public static final long MAX_THRESHOLD = 1_000_000_000_000L;
    public static final int MAX_SHORTFALL_DAYS = 30;

    public SetLowBalanceAlertCommand {
        Objects.requireNonNull(walletId, "walletId");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(setBy, "setBy");
        Objects.requireNonNull(setAt, "setAt");
        walletId.requireOf(mode);
        if (lowBalanceThreshold < 0 || lowBalanceThreshold > MAX_THRESHOLD) {
            throw new InvalidFieldException("lowBalanceThreshold", "must be between 0 and " + MAX_THRESHOLD
                    + " (cents)");
        }
        if (shortfallWithinDays != null && (shortfallWithinDays < 1 || shortfallWithinDays > MAX_SHORTFALL_DAYS)) {
            throw new InvalidFieldException("shortfallWithinDays", "must be between 1 and " + MAX_SHORTFALL_DAYS
                    + ", or null to switch it off");
        }
    }
}
