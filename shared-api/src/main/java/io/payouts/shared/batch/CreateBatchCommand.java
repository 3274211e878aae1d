package io.payouts.shared.batch;

import io.payouts.shared.InvalidFieldException;
import io.payouts.shared.Mode;
import io.payouts.shared.payout.PayoutRequest;
import io.payouts.shared.payout.Rail;
import io.payouts.shared.wallet.WalletId;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * Creates a batch and its payouts in one unit of work. Every payout was validated at the edge (driver payable,
 * fee below the amount); none reserves funds before the batch is released (ADR-0013).
 */
public record CreateBatchCommand(BatchId batchId, Mode mode, WalletId walletId, String name, Rail rail,
                                 Instant scheduledFor, List<PayoutRequest> payouts, Instant createdAt) {

    public static final int MAX_PAYOUTS = 1_000;
    public static final int MAX_NAME_LENGTH = 200;

    public CreateBatchCommand {
        Objects.requireNonNull(batchId, "batchId");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(walletId, "walletId");
        Objects.requireNonNull(rail, "rail");
        Objects.requireNonNull(createdAt, "createdAt");
        if (name == null || name.isBlank()) {
            throw new InvalidFieldException("name", "is required");
        }
        if (name.length() > MAX_NAME_LENGTH) {
            throw new InvalidFieldException("name", "must be at most 200 characters");
        }
        payouts = List.copyOf(payouts);
        if (payouts.isEmpty() || payouts.size() > MAX_PAYOUTS) {
            throw new InvalidFieldException("payouts", "must hold 1 to 1000 payouts");
        }
        if (scheduledFor != null && !scheduledFor.isAfter(createdAt)) {
            throw new InvalidFieldException("scheduledFor", "must be in the future");
        }
    }
}
