package io.payouts.shared.payout;

import io.payouts.shared.InvalidFieldException;
import io.payouts.shared.Mode;
import io.payouts.shared.Money;
import io.payouts.shared.driver.DriverId;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A new payout to admit; the fee is already computed from the fee schedule and deducted from the amount. Admissions
 * are batched, so {@code requestId}, {@code caller} and {@code sandboxScenario} are kept for its events' metadata,
 * where {@code payout_failed} ({@link io.payouts.shared.MetadataKeys#PAYOUT_FAILED_SCENARIO}) reaches the simulated
 * rail. {@code requestedBy} is who the caller says asked ({@link Requester}), null when none; unlike the caller, it is
 * part of the payout's record. {@code requesterId} is the user behind the request, whom an approval may not come from
 * (ADR-0046); null for the service's own payouts.
 */
public record PayoutRequest(PayoutId payoutId, Mode mode, DriverId driverId, long amount, long fee, Rail rail,
                            String description, String loadId, String requestedBy, String sandboxScenario,
                            String requestId, String caller, Instant requestedAt, String requesterId) {

    public static final int MAX_DESCRIPTION_LENGTH = 500;
    public static final int MAX_LOAD_ID_LENGTH = 100;

    public PayoutRequest {
        Objects.requireNonNull(payoutId, "payoutId");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(driverId, "driverId");
        Objects.requireNonNull(rail, "rail");
        Objects.requireNonNull(requestedAt, "requestedAt");
        problems(amount, fee, description, loadId, requestedBy).entrySet().stream().findFirst().ifPresent(problem -> {
            throw new InvalidFieldException(problem.getKey(), problem.getValue());
        });
    }

    /** A request no user stands behind (the sandbox's own seed, and tests). */
    public PayoutRequest(PayoutId payoutId, Mode mode, DriverId driverId, long amount, long fee, Rail rail,
                         String description, String loadId, String requestedBy, String sandboxScenario,
                         String requestId, String caller, Instant requestedAt) {
        this(payoutId, mode, driverId, amount, fee, rail, description, loadId, requestedBy, sandboxScenario, requestId,
                caller, requestedAt, null);
    }

    /** Every rule a payout's own fields break, by field (none when it is valid); the driver is checked apart. */
    public static Map<String, String> problems(long amount, long fee, String description, String loadId,
                                               String requestedBy) {
        Map<String, String> problems = new LinkedHashMap<>();
        Optional<String> amountProblem = Money.amountProblem(amount);
        if (amountProblem.isPresent()) {
            problems.put("amount", amountProblem.get());
        } else if (fee < 0 || fee >= amount) {
            problems.put("amount", "must be larger than the fee of " + fee);
        }
        if (description != null && description.length() > MAX_DESCRIPTION_LENGTH) {
            problems.put("description", "must be at most " + MAX_DESCRIPTION_LENGTH + " characters");
        }
        if (loadId != null && loadId.length() > MAX_LOAD_ID_LENGTH) {
            problems.put("loadId", "must be at most " + MAX_LOAD_ID_LENGTH + " characters");
        }
        Requester.problem(requestedBy).ifPresent(problem -> problems.put("requestedBy", problem));
        return problems;
    }

    public long netAmount() {
        return amount - fee;
    }
}
