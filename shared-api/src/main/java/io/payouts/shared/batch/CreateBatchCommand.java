package io.payouts.shared.batch;

import io.payouts.shared.BatchScoped;
import io.payouts.shared.InvalidFieldException;
import io.payouts.shared.Mode;
import io.payouts.shared.WalletScoped;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DriverNotFoundException;
import io.payouts.shared.driver.DriverStanding;
import io.payouts.shared.payout.PayoutRequest;
import io.payouts.shared.payout.Rail;
import io.payouts.shared.wallet.WalletId;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Creates a batch and its payouts in one unit of work. Every payout's own fields were validated at the edge (fee
 * below the amount); the command side refuses the whole batch if a driver cannot be paid. None reserves
 * funds before the batch is released (ADR-0013). {@code requesterId} is the user who created it, whom its approval
 * may not come from (ADR-0046).
 */
public record CreateBatchCommand(BatchId batchId, Mode mode, WalletId walletId, String name, Rail rail,
                                 Instant scheduledFor, List<PayoutRequest> payouts, Instant createdAt,
                                 String requesterId) implements WalletScoped, BatchScoped {

    public static final int MAX_PAYOUTS = 1_000;
    public static final int MAX_NAME_LENGTH = 200;

    public CreateBatchCommand {
        Objects.requireNonNull(batchId, "batchId");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(walletId, "walletId");
        Objects.requireNonNull(rail, "rail");
        Objects.requireNonNull(createdAt, "createdAt");
        requireValidName(name);
        payouts = List.copyOf(payouts);
        requireValidSize(payouts.size());
        if (scheduledFor != null && !scheduledFor.isAfter(createdAt)) {
            throw new InvalidFieldException("scheduledFor", "must be in the future");
        }
    }

    /** A batch no user stands behind (the sandbox's own seed, and tests). */
    public CreateBatchCommand(BatchId batchId, Mode mode, WalletId walletId, String name, Rail rail,
                              Instant scheduledFor, List<PayoutRequest> payouts, Instant createdAt) {
        this(batchId, mode, walletId, name, rail, scheduledFor, payouts, createdAt, null);
    }

    /** A batch has a name of 1 to {@value #MAX_NAME_LENGTH} characters. */
    public static void requireValidName(String name) {
        if (name == null || name.isBlank()) {
            throw new InvalidFieldException("name", "is required");
        }
        if (name.length() > MAX_NAME_LENGTH) {
            throw new InvalidFieldException("name", "must be at most " + MAX_NAME_LENGTH + " characters");
        }
    }

    /** A batch holds 1 to {@value #MAX_PAYOUTS} payouts. */
    public static void requireValidSize(int payouts) {
        if (payouts < 1 || payouts > MAX_PAYOUTS) {
            throw new InvalidFieldException("payouts", "must hold 1 to " + MAX_PAYOUTS + " payouts");
        }
    }

    /**
     * Each item whose driver cannot be paid, as {@code payouts[index].driverId} with the reason; {@code itemDrivers}
     * are the items' drivers by index, {@code standings} those that exist in the batch's mode.
     */
    public static Map<String, String> driverProblems(Map<Integer, DriverId> itemDrivers,
                                                     Map<DriverId, DriverStanding> standings) {
        Map<String, String> problems = new TreeMap<>();
        itemDrivers.forEach((index, driverId) -> {
            DriverStanding standing = standings.get(driverId);
            Optional<String> problem = standing == null
                    ? Optional.of(new DriverNotFoundException(driverId.value()).getMessage())
                    : standing.refusalToPay().map(Exception::getMessage);
            problem.ifPresent(reason -> problems.put("payouts[" + index + "].driverId", reason));
        });
        return problems;
    }

    /** The drivers of {@link #payouts()} by item index. */
    public Map<Integer, DriverId> itemDrivers() {
        Map<Integer, DriverId> drivers = new TreeMap<>();
        for (int index = 0; index < payouts.size(); index++) {
            drivers.put(index, payouts.get(index).driverId());
        }
        return drivers;
    }
}
