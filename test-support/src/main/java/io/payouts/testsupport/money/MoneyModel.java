package io.payouts.testsupport.money;

import io.payouts.shared.ErrorCode;
import io.payouts.shared.Mode;
import io.payouts.shared.batch.BatchStatus;
import io.payouts.shared.payout.PayoutStatus;
import io.payouts.shared.payout.Rail;

import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The money of the service as plain Java, the reference the model-based tests hold the service to after every step
 * (reliability/README.md, "Model-based tests of the money"). It knows only the rules as the spec, decisions and
 * ADRs state them, none of the service's code. A payout reserves its whole amount when it is admitted; its fee is
 * deducted from that amount.
 *
 * Money is conserved per mode: settled top-ups = available + in transit (validated, queued, processing) + paid out
 * (net of completed payouts) + fees (of completed payouts).
 */
public final class MoneyModel {

    /** What the service must answer: done, or refused with this code. */
    public record Verdict(ErrorCode refusal) {

        public static final Verdict DONE = new Verdict(null);

        public static Verdict refused(ErrorCode code) {
            return new Verdict(code);
        }

        public boolean done() {
            return refusal == null;
        }

        @Override
        public String toString() {
            return done() ? "done" : "refused " + refusal;
        }
    }

    /** A payout to create: {@code fee} as the edge computed it. */
    public record NewPayout(String payoutId, String driverId, long amount, long fee, Rail rail) {
    }

    /** A rail's step as the simulated rail plans it, from the payout's version then. */
    public enum RailStep {
        QUEUE,
        START_PROCESSING,
        COMPLETE
    }

    public static final class Payout {
        public final String id;
        public final Mode mode;
        public final String driverId;
        public final long amount;
        public final long fee;
        public final Rail rail;
        public final String batchId;
        /** Created with the sandbox scenario payout_failed: the simulated rail fails its first attempt. */
        boolean failOnRail;
        PayoutStatus status;
        long version;
        /** A rail took the current attempt under its reference: it can no longer be canceled. */
        boolean sentOut;
        /** Queued again by a retry, and no rail took this attempt under a reference yet. */
        boolean awaitingRail;
        int attempts = 1;

        Payout(String id, Mode mode, String driverId, long amount, long fee, Rail rail, String batchId,
               boolean failOnRail, PayoutStatus status) {
            this.id = id;
            this.mode = mode;
            this.driverId = driverId;
            this.amount = amount;
            this.fee = fee;
            this.rail = rail;
            this.batchId = batchId;
            this.failOnRail = failOnRail;
            this.status = status;
        }

        Payout copy() {
            Payout copy = new Payout(id, mode, driverId, amount, fee, rail, batchId, failOnRail, status);
            copy.version = version;
            copy.sentOut = sentOut;
            copy.awaitingRail = awaitingRail;
            copy.attempts = attempts;
            return copy;
        }

        public PayoutStatus status() {
            return status;
        }

        public boolean failOnRail() {
            return failOnRail;
        }

        public long version() {
            return version;
        }

        public int attempts() {
            return attempts;
        }

        boolean inTransit() {
            return status == PayoutStatus.VALIDATED || status == PayoutStatus.QUEUED
                    || status == PayoutStatus.PROCESSING;
        }

        @Override
        public String toString() {
            return id + "(" + mode + " " + rail + " " + amount + "-" + fee + " " + status + " v" + version
                    + (batchId == null ? "" : " in " + batchId) + ")";
        }
    }

    public static final class Batch {
        public final String id;
        public final Mode mode;
        final Map<String, Line> lines = new LinkedHashMap<>();
        BatchStatus status = BatchStatus.QUEUED;

        Batch(String id, Mode mode) {
            this.id = id;
            this.mode = mode;
        }

        Batch copy() {
            Batch copy = new Batch(id, mode);
            lines.forEach((payoutId, line) -> copy.lines.put(payoutId, line.copy()));
            copy.status = status;
            return copy;
        }

        public BatchStatus status() {
            return status;
        }

        public Collection<String> payoutIds() {
            return lines.keySet();
        }

        boolean over() {
            return status == BatchStatus.COMPLETED || status == BatchStatus.FAILED;
        }
    }

    /** One payout as its batch knows it, from the outcomes it heard of. */
    static final class Line {
        boolean counted = true;
        boolean released;
        PayoutStatus outcome = PayoutStatus.PENDING;
        long outcomeAt = Long.MIN_VALUE;

        Line copy() {
            Line copy = new Line();
            copy.counted = counted;
            copy.released = released;
            copy.outcome = outcome;
            copy.outcomeAt = outcomeAt;
            return copy;
        }
    }

    static final class Wallet {
        long available;
        long funded;
        final Map<String, Long> pendingTopUps = new LinkedHashMap<>();

        Wallet copy() {
            Wallet copy = new Wallet();
            copy.available = available;
            copy.funded = funded;
            copy.pendingTopUps.putAll(pendingTopUps);
            return copy;
        }
    }

    record Driver(Mode mode, boolean active, boolean inactive, boolean kycVerified, boolean kycRejected) {

        boolean payable() {
            return active && kycVerified && !inactive;
        }
    }

    /** A payout's outcome on its way to its batch. */
    record Outcome(String payoutId, PayoutStatus status, long at) {
    }

    private final Map<Mode, Wallet> wallets = new EnumMap<>(Mode.class);
    private final Map<String, Payout> payouts = new LinkedHashMap<>();
    private final Map<String, Batch> batches = new LinkedHashMap<>();
    private final Map<String, Driver> drivers = new LinkedHashMap<>();
    private final List<Outcome> outcomes = new ArrayList<>();
    private int outcomesDelivered;

    public MoneyModel() {
        for (Mode mode : Mode.values()) {
            wallets.put(mode, new Wallet());
        }
    }

    /** A model that goes on apart from this one: to try one order of concurrent requests. */
    public MoneyModel copy() {
        MoneyModel copy = new MoneyModel();
        wallets.forEach((mode, wallet) -> copy.wallets.put(mode, wallet.copy()));
        payouts.forEach((id, payout) -> copy.payouts.put(id, payout.copy()));
        batches.forEach((id, batch) -> copy.batches.put(id, batch.copy()));
        copy.drivers.putAll(drivers);
        copy.outcomes.addAll(outcomes);
        copy.outcomesDelivered = outcomesDelivered;
        return copy;
    }

    // Drivers

    /** A new driver: invited, KYC pending, not payable. */
    public void registerDriver(String driverId, Mode mode) {
        drivers.put(driverId, new Driver(mode, false, false, false, false));
    }

    public Verdict verifyKyc(String driverId, Mode mode) {
        Driver driver = drivers.get(driverId);
        Optional<Verdict> refusal = refuseKycOrDeactivation(driver, mode);
        if (refusal.isPresent()) {
            return refusal.get();
        }
        if (driver.kycVerified()) {
            return Verdict.refused(ErrorCode.INVALID_STATE);
        }
        drivers.put(driverId, new Driver(mode, true, false, true, false));
        return Verdict.DONE;
    }

    public Verdict rejectKyc(String driverId, Mode mode) {
        Driver driver = drivers.get(driverId);
        Optional<Verdict> refusal = refuseKycOrDeactivation(driver, mode);
        if (refusal.isPresent()) {
            return refusal.get();
        }
        if (driver.kycVerified()) {
            return Verdict.refused(ErrorCode.INVALID_STATE);
        }
        drivers.put(driverId, new Driver(mode, driver.active(), false, false, true));
        return Verdict.DONE;
    }

    public Verdict deactivate(String driverId, Mode mode) {
        Driver driver = drivers.get(driverId);
        Optional<Verdict> refusal = refuseKycOrDeactivation(driver, mode);
        if (refusal.isPresent()) {
            return refusal.get();
        }
        drivers.put(driverId, new Driver(mode, false, true, driver.kycVerified(), driver.kycRejected()));
        return Verdict.DONE;
    }

    private static Optional<Verdict> refuseKycOrDeactivation(Driver driver, Mode mode) {
        if (driver == null || driver.mode() != mode) {
            return Optional.of(Verdict.refused(ErrorCode.NOT_FOUND));
        }
        if (driver.inactive()) {
            return Optional.of(Verdict.refused(ErrorCode.INVALID_STATE));
        }
        return Optional.empty();
    }

    /** Why a driver of {@code mode} cannot be paid, if they cannot. */
    private Optional<ErrorCode> refusalToPay(String driverId, Mode mode) {
        Driver driver = drivers.get(driverId);
        if (driver == null || driver.mode() != mode) {
            return Optional.of(ErrorCode.NOT_FOUND);
        }
        return driver.payable() ? Optional.empty() : Optional.of(ErrorCode.DRIVER_NOT_PAYABLE);
    }

    public boolean payable(String driverId, Mode mode) {
        return refusalToPay(driverId, mode).isEmpty();
    }

    // Funding

    public Verdict requestTopUp(Mode mode, String transactionId, long amount) {
        wallets.get(mode).pendingTopUps.put(transactionId, amount);
        return Verdict.DONE;
    }

    /** @param creditedAmount what the bank says arrived, or null when an admin (or the sandbox) settles it */
    public Verdict settleTopUp(Mode mode, String transactionId, Long creditedAmount) {
        Wallet wallet = wallets.get(mode);
        Long amount = wallet.pendingTopUps.get(transactionId);
        if (amount == null) {
            return Verdict.refused(ErrorCode.NOT_FOUND);
        }
        if (creditedAmount != null && creditedAmount.longValue() != amount) {
            return Verdict.refused(ErrorCode.CONFLICT);
        }
        wallet.pendingTopUps.remove(transactionId);
        wallet.available += amount;
        wallet.funded += amount;
        return Verdict.DONE;
    }

    // Admission: single, bulk, instant and retries

    /**
     * Admits new payouts and retries in one decision: the verdicts of {@code newPayouts} first, then of
     * {@code retries}, in the order given. Retries reserve first, then the new payouts, each while the rest covers it.
     */
    public List<Verdict> admit(Mode mode, List<NewPayout> newPayouts, List<String> retries, long at) {
        Verdict[] verdicts = new Verdict[newPayouts.size() + retries.size()];
        List<Integer> candidates = new ArrayList<>();
        Set<String> retried = new HashSet<>();
        for (int j = 0; j < retries.size(); j++) {
            int entry = newPayouts.size() + j;
            String payoutId = retries.get(j);
            Payout payout = payouts.get(payoutId);
            if (!retried.add(payoutId)) {
                verdicts[entry] = Verdict.refused(ErrorCode.INVALID_STATE);
            } else if (payout == null || payout.mode != mode) {
                verdicts[entry] = Verdict.refused(ErrorCode.NOT_FOUND);
            } else if (payout.status != PayoutStatus.FAILED) {
                verdicts[entry] = Verdict.refused(ErrorCode.INVALID_STATE);
            } else {
                candidates.add(entry);
            }
        }
        for (int i = 0; i < newPayouts.size(); i++) {
            candidates.add(i);
        }
        Wallet wallet = wallets.get(mode);
        long left = wallet.available;
        List<Integer> granted = new ArrayList<>();
        for (int entry : candidates) {
            boolean isNew = entry < newPayouts.size();
            String driverId = isNew ? newPayouts.get(entry).driverId()
                    : payouts.get(retries.get(entry - newPayouts.size())).driverId;
            long amount = isNew ? newPayouts.get(entry).amount()
                    : payouts.get(retries.get(entry - newPayouts.size())).amount;
            Optional<ErrorCode> unpayable = refusalToPay(driverId, mode);
            if (unpayable.isPresent()) {
                verdicts[entry] = Verdict.refused(unpayable.get());
            } else if (amount > left) {
                verdicts[entry] = Verdict.refused(ErrorCode.INSUFFICIENT_FUNDS);
            } else {
                left -= amount;
                granted.add(entry);
                verdicts[entry] = Verdict.DONE;
            }
        }
        wallet.available = left;
        for (int entry : granted) {
            if (entry < newPayouts.size()) {
                create(mode, newPayouts.get(entry), false);
            } else {
                Payout payout = payouts.get(retries.get(entry - newPayouts.size()));
                payout.status = PayoutStatus.QUEUED;
                payout.version++;
                payout.sentOut = false;
                payout.awaitingRail = true;
                payout.attempts++;
                outcome(payout, PayoutStatus.QUEUED, at);
            }
        }
        return List.of(verdicts);
    }

    /** Also marks a payout created with the sandbox scenario payout_failed: the simulated rail fails its first try. */
    public List<Verdict> admit(Mode mode, List<NewPayout> newPayouts, List<String> retries, long at,
                               boolean failOnRail) {
        List<Verdict> verdicts = admit(mode, newPayouts, retries, at);
        if (failOnRail) {
            for (int i = 0; i < newPayouts.size(); i++) {
                if (verdicts.get(i).done()) {
                    payouts.get(newPayouts.get(i).payoutId()).failOnRail = true;
                }
            }
        }
        return verdicts;
    }

    private void create(Mode mode, NewPayout request, boolean failOnRail) {
        PayoutStatus first = request.rail() == Rail.INSTANT ? PayoutStatus.PROCESSING : PayoutStatus.VALIDATED;
        payouts.put(request.payoutId(), new Payout(request.payoutId(), mode, request.driverId(), request.amount(),
                request.fee(), request.rail(), null, failOnRail, first));
    }

    // Ends: cancel, fail, return

    public Verdict cancel(Mode mode, String payoutId, long at) {
        Payout payout = payouts.get(payoutId);
        if (payout == null || payout.mode != mode) {
            return Verdict.refused(ErrorCode.NOT_FOUND);
        }
        boolean cancelable = payout.status == PayoutStatus.PENDING || payout.status == PayoutStatus.VALIDATED
                || payout.status == PayoutStatus.QUEUED;
        if (!cancelable || (payout.status == PayoutStatus.QUEUED && payout.sentOut)) {
            return Verdict.refused(ErrorCode.INVALID_STATE);
        }
        if (payout.status != PayoutStatus.PENDING) {
            wallets.get(mode).available += payout.amount;
        }
        move(payout, PayoutStatus.CANCELED, at);
        return Verdict.DONE;
    }

    /** The rail (or the inbound webhook) reports the payout failed. */
    public Verdict fail(String payoutId, long at) {
        Payout payout = payouts.get(payoutId);
        if (payout == null) {
            return Verdict.refused(ErrorCode.NOT_FOUND);
        }
        if (!payout.inTransit()) {
            return Verdict.refused(ErrorCode.INVALID_STATE);
        }
        wallets.get(payout.mode).available += payout.amount;
        move(payout, PayoutStatus.FAILED, at);
        return Verdict.DONE;
    }

    /** The bank sent a completed payout's money back. */
    public Verdict returned(String payoutId, long at) {
        Payout payout = payouts.get(payoutId);
        if (payout == null) {
            return Verdict.refused(ErrorCode.NOT_FOUND);
        }
        if (payout.status != PayoutStatus.COMPLETED) {
            return Verdict.refused(ErrorCode.INVALID_STATE);
        }
        wallets.get(payout.mode).available += payout.amount;
        payout.status = PayoutStatus.FAILED;
        payout.version++;
        return Verdict.DONE;
    }

    // The rail's moves

    /** A rail took the payout into its queue; under a reference of its own ({@code sentOut}) or not. */
    public Verdict queue(String payoutId, boolean sentOut, long at) {
        Payout payout = payouts.get(payoutId);
        if (payout == null) {
            return Verdict.refused(ErrorCode.NOT_FOUND);
        }
        boolean retriedAndNowSubmitted = payout.status == PayoutStatus.QUEUED && payout.awaitingRail && sentOut;
        if (!retriedAndNowSubmitted && payout.status != PayoutStatus.VALIDATED) {
            return Verdict.refused(ErrorCode.INVALID_STATE);
        }
        payout.sentOut = sentOut;
        payout.awaitingRail = false;
        payout.status = PayoutStatus.QUEUED;
        payout.version++;
        return Verdict.DONE;
    }

    public Verdict startProcessing(String payoutId, long at) {
        Payout payout = payouts.get(payoutId);
        if (payout == null) {
            return Verdict.refused(ErrorCode.NOT_FOUND);
        }
        if (payout.status != PayoutStatus.QUEUED) {
            return Verdict.refused(ErrorCode.INVALID_STATE);
        }
        payout.status = PayoutStatus.PROCESSING;
        payout.version++;
        return Verdict.DONE;
    }

    public Verdict complete(String payoutId, long at) {
        Payout payout = payouts.get(payoutId);
        if (payout == null) {
            return Verdict.refused(ErrorCode.NOT_FOUND);
        }
        if (payout.status != PayoutStatus.QUEUED && payout.status != PayoutStatus.PROCESSING) {
            return Verdict.refused(ErrorCode.INVALID_STATE);
        }
        move(payout, PayoutStatus.COMPLETED, at);
        return Verdict.DONE;
    }

    /** A step the rail planned when the payout was at {@code plannedAtVersion}: stale if the payout moved since. */
    public Verdict advance(String payoutId, RailStep step, long plannedAtVersion, boolean sentOut, long at) {
        Payout payout = payouts.get(payoutId);
        if (payout == null) {
            return Verdict.refused(ErrorCode.NOT_FOUND);
        }
        if (payout.version != plannedAtVersion) {
            return Verdict.refused(ErrorCode.INVALID_STATE);
        }
        return switch (step) {
            case QUEUE -> queue(payoutId, sentOut, at);
            case START_PROCESSING -> startProcessing(payoutId, at);
            case COMPLETE -> complete(payoutId, at);
        };
    }

    /**
     * A rail that moves payouts by itself (the simulated rail) took this one on to {@code observed}: the model
     * follows through the rail's own moves (queue, start processing, then complete or fail).
     *
     * @return false, changing nothing, when no rail move leads there
     */
    public boolean followRail(String payoutId, PayoutStatus observed, long at) {
        Payout payout = payouts.get(payoutId);
        if (payout == null) {
            return false;
        }
        List<PayoutStatus> path = switch (payout.status) {
            case VALIDATED -> List.of(PayoutStatus.VALIDATED, PayoutStatus.QUEUED, PayoutStatus.PROCESSING);
            case QUEUED -> List.of(PayoutStatus.QUEUED, PayoutStatus.PROCESSING);
            case PROCESSING -> List.of(PayoutStatus.PROCESSING);
            default -> List.of(payout.status);
        };
        boolean reachable = path.contains(observed) || (payout.inTransit()
                && (observed == PayoutStatus.COMPLETED || observed == PayoutStatus.FAILED));
        if (!reachable) {
            return false;
        }
        while (payout.status != observed) {
            switch (payout.status) {
                case VALIDATED -> queue(payoutId, false, at);
                case QUEUED -> startProcessing(payoutId, at);
                default -> {
                    if (observed == PayoutStatus.FAILED) {
                        fail(payoutId, at);
                    } else {
                        complete(payoutId, at);
                    }
                }
            }
        }
        return true;
    }

    /** Where a rail may still take this payout by itself: its own status first. */
    public List<PayoutStatus> railReachable(String payoutId) {
        Payout payout = payouts.get(payoutId);
        if (payout == null) {
            return List.of();
        }
        return switch (payout.status) {
            case VALIDATED -> List.of(PayoutStatus.VALIDATED, PayoutStatus.QUEUED, PayoutStatus.PROCESSING,
                    PayoutStatus.COMPLETED, PayoutStatus.FAILED);
            case QUEUED -> List.of(PayoutStatus.QUEUED, PayoutStatus.PROCESSING, PayoutStatus.COMPLETED,
                    PayoutStatus.FAILED);
            case PROCESSING -> List.of(PayoutStatus.PROCESSING, PayoutStatus.COMPLETED, PayoutStatus.FAILED);
            default -> List.of(payout.status);
        };
    }

    private void move(Payout payout, PayoutStatus status, long at) {
        payout.status = status;
        payout.version++;
        outcome(payout, status, at);
    }

    // Batches

    /** Creates a batch and its pending payouts, or nothing when a driver cannot be paid. */
    public Verdict createBatch(Mode mode, String batchId, List<NewPayout> items, boolean failOnRail) {
        for (NewPayout item : items) {
            if (refusalToPay(item.driverId(), mode).isPresent()) {
                return Verdict.refused(ErrorCode.VALIDATION_ERROR);
            }
        }
        Batch batch = new Batch(batchId, mode);
        for (NewPayout item : items) {
            batch.lines.put(item.payoutId(), new Line());
            payouts.put(item.payoutId(), new Payout(item.payoutId(), mode, item.driverId(), item.amount(),
                    item.fee(), item.rail(), batchId, failOnRail, PayoutStatus.PENDING));
        }
        batches.put(batchId, batch);
        return Verdict.DONE;
    }

    /** Releases (or runs) a queued batch: all its payable pending payouts' funds at once, or nothing. */
    public Verdict releaseBatch(Mode mode, String batchId, long at) {
        Batch batch = batches.get(batchId);
        if (batch == null || batch.mode != mode) {
            return Verdict.refused(ErrorCode.NOT_FOUND);
        }
        if (batch.status != BatchStatus.QUEUED) {
            return Verdict.refused(ErrorCode.INVALID_STATE);
        }
        List<Payout> waiting = batch.lines.entrySet().stream().filter(entry -> entry.getValue().counted)
                .map(entry -> payouts.get(entry.getKey()))
                .filter(payout -> payout.status == PayoutStatus.PENDING).toList();
        if (waiting.isEmpty()) {
            return Verdict.refused(ErrorCode.INVALID_STATE);
        }
        List<Payout> toRail = waiting.stream().filter(payout -> payable(payout.driverId, mode)).toList();
        List<Payout> failing = waiting.stream().filter(payout -> !payable(payout.driverId, mode)).toList();
        long wanted = toRail.stream().mapToLong(payout -> payout.amount).sum();
        Wallet wallet = wallets.get(mode);
        if (wanted > wallet.available) {
            return Verdict.refused(ErrorCode.INSUFFICIENT_FUNDS);
        }
        wallet.available -= wanted;
        for (Payout payout : toRail) {
            payout.status = payout.rail == Rail.INSTANT ? PayoutStatus.PROCESSING : PayoutStatus.VALIDATED;
            payout.version++;
        }
        for (Payout payout : failing) {
            move(payout, PayoutStatus.FAILED, at);
        }
        batch.status = BatchStatus.PROCESSING;
        Set<String> released = new HashSet<>();
        toRail.forEach(payout -> released.add(payout.id));
        failing.forEach(payout -> released.add(payout.id));
        batch.lines.forEach((payoutId, line) -> {
            line.outcomeAt = at;
            if (released.contains(payoutId)) {
                line.released = true;
                line.outcome = payouts.get(payoutId).status == PayoutStatus.FAILED ? PayoutStatus.FAILED
                        : PayoutStatus.VALIDATED;
            } else {
                line.counted = false;
                line.outcome = PayoutStatus.CANCELED;
            }
        });
        if (toRail.isEmpty()) {
            batch.status = BatchStatus.FAILED;
        }
        return Verdict.DONE;
    }

    private void outcome(Payout payout, PayoutStatus status, long at) {
        if (payout.batchId != null) {
            outcomes.add(new Outcome(payout.id, status, at));
        }
    }

    /** How many outcomes for batches there have been so far: a mark to deliver up to later. */
    public int outcomeMark() {
        return outcomes.size();
    }

    /** The batches hear of their payouts' outcomes, in order, up to {@code mark}. */
    public void deliverOutcomes(int mark) {
        for (; outcomesDelivered < mark; outcomesDelivered++) {
            record(outcomes.get(outcomesDelivered));
        }
    }

    public void deliverAllOutcomes() {
        deliverOutcomes(outcomes.size());
    }

    private void record(Outcome outcome) {
        Batch batch = batches.get(payouts.get(outcome.payoutId()).batchId);
        Line line = batch.lines.get(outcome.payoutId());
        if (batch.over() || line.outcomeAt > outcome.at()) {
            return;
        }
        if (batch.status == BatchStatus.QUEUED) {
            if (outcome.status() == PayoutStatus.CANCELED && line.counted) {
                line.counted = false;
                line.outcome = PayoutStatus.CANCELED;
                line.outcomeAt = outcome.at();
            }
            return;
        }
        if (!line.released || line.outcome == outcome.status()) {
            return;
        }
        line.outcome = outcome.status();
        line.outcomeAt = outcome.at();
        boolean allEnded = batch.lines.values().stream().filter(each -> each.released)
                .allMatch(each -> each.outcome == PayoutStatus.COMPLETED || each.outcome == PayoutStatus.FAILED
                        || each.outcome == PayoutStatus.CANCELED);
        if (allEnded) {
            boolean oneCompleted = batch.lines.values().stream()
                    .anyMatch(each -> each.released && each.outcome == PayoutStatus.COMPLETED);
            batch.status = oneCompleted ? BatchStatus.COMPLETED : BatchStatus.FAILED;
        }
    }

    // The sandbox

    /** The sandbox starts again: its wallet empty, its drivers, payouts and batches gone. */
    public void resetSandbox() {
        wallets.put(Mode.SANDBOX, new Wallet());
        payouts.values().removeIf(payout -> payout.mode == Mode.SANDBOX);
        batches.values().removeIf(batch -> batch.mode == Mode.SANDBOX);
        drivers.values().removeIf(driver -> driver.mode() == Mode.SANDBOX);
        outcomes.subList(outcomesDelivered, outcomes.size()).removeIf(outcome -> !payouts.containsKey(
                outcome.payoutId()));
    }

    // What the service must show

    public Optional<Payout> payout(String payoutId) {
        return Optional.ofNullable(payouts.get(payoutId));
    }

    public Collection<Payout> payouts() {
        return payouts.values();
    }

    public List<Payout> payouts(Mode mode) {
        return payouts.values().stream().filter(payout -> payout.mode == mode).toList();
    }

    public Optional<Batch> batch(String batchId) {
        return Optional.ofNullable(batches.get(batchId));
    }

    public Collection<Batch> batches() {
        return batches.values();
    }

    public Collection<String> pendingTopUps(Mode mode) {
        return List.copyOf(wallets.get(mode).pendingTopUps.keySet());
    }

    public long available(Mode mode) {
        return wallets.get(mode).available;
    }

    /** Top-ups requested and not settled yet. */
    public long pending(Mode mode) {
        return wallets.get(mode).pendingTopUps.values().stream().mapToLong(Long::longValue).sum();
    }

    /** Reserved for payouts on their way: validated, queued or processing. */
    public long inTransit(Mode mode) {
        return payouts(mode).stream().filter(Payout::inTransit).mapToLong(payout -> payout.amount).sum();
    }

    /** What the drivers were paid: the net amounts of completed payouts. */
    public long paidOut(Mode mode) {
        return payouts(mode).stream().filter(payout -> payout.status == PayoutStatus.COMPLETED)
                .mapToLong(payout -> payout.amount - payout.fee).sum();
    }

    /** The fees of completed payouts (a payout that did not complete keeps no fee). */
    public long fees(Mode mode) {
        return payouts(mode).stream().filter(payout -> payout.status == PayoutStatus.COMPLETED)
                .mapToLong(payout -> payout.fee).sum();
    }

    /** Settled top-ups: all the money that came in. */
    public long funded(Mode mode) {
        return wallets.get(mode).funded;
    }

    /** The model's own books balance: a model that loses a cent is no reference. */
    public void requireConserved() {
        for (Mode mode : Mode.values()) {
            long accounted = available(mode) + inTransit(mode) + paidOut(mode) + fees(mode);
            if (funded(mode) != accounted || available(mode) < 0) {
                throw new IllegalStateException("the model lost money in " + mode + ": funded " + funded(mode)
                        + ", available " + available(mode) + " + in transit " + inTransit(mode) + " + paid out "
                        + paidOut(mode) + " + fees " + fees(mode) + " = " + accounted);
            }
        }
    }

    /** An instant payout's fee: 1.5 % rounded half up to a cent, at least 50 cents; a standard payout is free. */
    public static long fee(Rail rail, long amount) {
        if (rail == Rail.STANDARD) {
            return 0;
        }
        return Math.max((amount * 150 + 5_000) / 10_000, 50);
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        for (Mode mode : Mode.values()) {
            text.append(mode).append(": available ").append(available(mode)).append(", pending ")
                    .append(pending(mode)).append(", in transit ").append(inTransit(mode)).append(", paid out ")
                    .append(paidOut(mode)).append(", fees ").append(fees(mode)).append("; ");
        }
        payouts.values().forEach(payout -> text.append(payout).append(' '));
        batches.values().forEach(batch -> text.append(batch.id).append('=').append(batch.status).append(' '));
        return text.toString().trim();
    }
}
