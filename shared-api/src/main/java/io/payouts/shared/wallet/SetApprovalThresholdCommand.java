package io.payouts.shared.wallet;

import io.payouts.shared.InvalidFieldException;
import io.payouts.shared.Mode;
import io.payouts.shared.WalletScoped;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;
import java.util.Objects;

/** Sets the mode's approval threshold in cents (ADR-0046); 0 switches approvals off. */
public record SetApprovalThresholdCommand(@TargetAggregateIdentifier WalletId walletId, Mode mode, long threshold,
                                          String setBy, Instant setAt) implements WalletScoped {

    public static final long MAX_THRESHOLD = SetLowBalanceAlertCommand.MAX_THRESHOLD;

    public SetApprovalThresholdCommand {
        Objects.requireNonNull(walletId, "walletId");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(setBy, "setBy");
        Objects.requireNonNull(setAt, "setAt");
        walletId.requireOf(mode);
        if (threshold < 0 || threshold > MAX_THRESHOLD) {
            throw new InvalidFieldException("threshold", "must be between 0 and " + MAX_THRESHOLD
                    + " (cents); 0 switches approvals off");
        }
    }
}
