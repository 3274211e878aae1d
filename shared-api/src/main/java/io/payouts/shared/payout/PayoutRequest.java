package io.payouts.shared.payout;

import io.payouts.shared.InvalidFieldException;
import io.payouts.shared.Mode;
import io.payouts.shared.Money;
import io.payouts.shared.driver.DriverId;

import java.time.Instant;
import java.util.Objects;

/**
 * A new payout to admit: the fee is already computed from the fee schedule (deducted from the amount), and
 * {@code requestId}/{@code caller} are kept for its audit metadata, since admissions are batched.
 * {@code failOnRail} is the sandbox scenario payout_failed.
 */
public record PayoutRequest(PayoutId payoutId, Mode mode, DriverId driverId, long amount, long fee, Rail rail,
                            String description, String loadId, boolean failOnRail, String requestId,
                            String caller, Instant requestedAt) {

    public static final int MAX_TEXT_LENGTH = 500;

    public PayoutRequest {
        Objects.requireNonNull(payoutId, "payoutId");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(driverId, "driverId");
        Objects.requireNonNull(rail, "rail");
        Objects.requireNonNull(requestedAt, "requestedAt");
        Money.requireAmount("amount", amount);
        if (fee < 0 || fee >= amount) {
            throw new InvalidFieldException("amount", "must be larger than the fee of " + fee);
        }
        if (description != null && description.length() > MAX_TEXT_LENGTH) {
            throw new InvalidFieldException("description", "must be at most 500 characters");
        }
        if (loadId != null && loadId.length() > 100) {
            throw new InvalidFieldException("loadId", "must be at most 100 characters");
        }
    }

    public long netAmount() {
        return amount - fee;
    }
}
