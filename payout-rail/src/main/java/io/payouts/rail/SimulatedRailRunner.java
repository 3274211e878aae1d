package io.payouts.rail;

import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;
import io.payouts.shared.Mode;
import io.payouts.shared.Refusal;
import io.payouts.shared.payout.AdvancePayoutsCommand;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Reports the simulated rail's steps when they come due (ADR-0012). Each round claims due steps with
 * {@code select ... for update skip locked} and deletes them in the claiming transaction, so two instances never run
 * one step together. A claim's steps go as one {@link AdvancePayoutsCommand} per mode, each move carrying the version
 * it was planned at (ADR-0024), in a transaction of its own. A crash between that commit and the claim's leaves the
 * steps to run again; the payout then finds them out of date or refuses them, and they are dropped.
 */
public class SimulatedRailRunner {

    static final String CALLER = "rail:simulated";
    static final int BATCH_SIZE = 500;
    private static final Duration FIRST_BACKOFF = Duration.ofSeconds(1);
    private static final Duration MAX_BACKOFF = Duration.ofMinutes(1);

    private static final Map<RailStep, AdvancePayoutsCommand.Step> MOVES = Map.of(
            RailStep.QUEUE, AdvancePayoutsCommand.Step.QUEUE,
            RailStep.PROCESS, AdvancePayoutsCommand.Step.START_PROCESSING,
            RailStep.COMPLETE, AdvancePayoutsCommand.Step.COMPLETE);

    private static final Logger log = LoggerFactory.getLogger(SimulatedRailRunner.class);

    private final RailJobs jobs;
    private final RailOutcomes outcomes;
    private final EventStore eventStore;
    private final Clock clock;
    private final TransactionTemplate claiming;
    private final TransactionTemplate outsideTransaction;

    SimulatedRailRunner(RailJobs jobs, RailOutcomes outcomes, EventStore eventStore, Clock clock,
                        PlatformTransactionManager transactions) {
        this.jobs = jobs;
        this.outcomes = outcomes;
        this.eventStore = eventStore;
        this.clock = clock;
        this.claiming = new TransactionTemplate(transactions);
        this.outsideTransaction = new TransactionTemplate(transactions);
        this.outsideTransaction.setPropagationBehavior(TransactionDefinition.PROPAGATION_NOT_SUPPORTED);
    }

    /**
     * Runs every step due now, a batch per transaction, until none is left (or the thread is interrupted, as a stop
     * does). The service's assembly calls it every poll interval, on a thread of its own.
     */
    public void runDueSteps() {
        Integer claimed;
        do {
            claimed = claiming.execute(status -> {
                List<RailJobs.RailJob> due = jobs.claimDue(clock.instant(), BATCH_SIZE);
                run(due);
                return due.size();
            });
        } while (claimed != null && claimed == BATCH_SIZE && !Thread.currentThread().isInterrupted());
    }

    private void run(List<RailJobs.RailJob> due) {
        Map<Mode, List<RailJobs.RailJob>> moves = new EnumMap<>(Mode.class);
        List<RailJobs.RailJob> done = new ArrayList<>();
        for (RailJobs.RailJob job : due) {
            if (job.mode() == null) {
                log.debug("Dropping {} of payout {}: the payout left the rail", job.step(), job.payoutId());
                done.add(job);
            } else if (job.step() == RailStep.FAIL) {
                if (runAlone(job)) {
                    done.add(job);
                }
            } else {
                moves.computeIfAbsent(job.mode(), mode -> new ArrayList<>()).add(job);
            }
        }
        moves.forEach((mode, batch) -> done.addAll(runTogether(mode, batch)));
        jobs.deleteAll(done);
    }

    /** @return whether the job is done with: made, out of date, or refused for good */
    private boolean runAlone(RailJobs.RailJob job) {
        if (outOfDate(job)) {
            return true;
        }
        try {
            outsideTransaction.executeWithoutResult(status -> outcomes.failed(job.payoutId(), job.mode(),
                    SimulatedRailPlan.FAILURE_REASON, clock.instant()));
            return true;
        } catch (RuntimeException failure) {
            if (failure instanceof DomainException refused && movedOn(refused.code())) {
                logDropped(job, refused.getMessage());
                return true;
            }
            postpone(job, failure.toString());
            return false;
        }
    }

    private boolean outOfDate(RailJobs.RailJob job) {
        long version = eventStore.lastSequenceNumberFor(job.payoutId().value()).orElse(-1L);
        if (version != job.plannedAtVersion()) {
            log.debug("Dropping {} of payout {}: planned at version {}, the payout is at {}", job.step(),
                    job.payoutId(), job.plannedAtVersion(), version);
            return true;
        }
        return false;
    }

    /** @return the jobs that are done with: made, or refused for good */
    private List<RailJobs.RailJob> runTogether(Mode mode, List<RailJobs.RailJob> batch) {
        Instant now = clock.instant();
        // the simulated rail names itself on the queued event, and no submission: it can still take a payout back
        List<AdvancePayoutsCommand.Move> moves = batch.stream().map(job -> new AdvancePayoutsCommand.Move(
                job.payoutId(), MOVES.get(job.step()), now, job.plannedAtVersion(),
                job.step() == RailStep.QUEUE ? SimulatedRail.NAME : null, null)).toList();
        AdvancePayoutsCommand.Result result;
        try {
            result = outsideTransaction.execute(status -> outcomes.advanced(mode, moves));
        } catch (RuntimeException failure) {
            batch.forEach(job -> postpone(job, failure.toString()));
            return List.of();
        }
        List<RailJobs.RailJob> done = new ArrayList<>();
        for (RailJobs.RailJob job : batch) {
            Refusal refusal = result == null ? null : result.refusals().get(job.payoutId());
            if (refusal == null) {
                done.add(job);
            } else if (movedOn(refusal.code())) {
                logDropped(job, refusal.message());
                done.add(job);
            } else {
                postpone(job, refusal.message());
            }
        }
        return done;
    }

    private static void logDropped(RailJobs.RailJob job, String refusal) {
        log.info("Dropping {} of payout {}: {}", job.step(), job.payoutId(), refusal);
    }

    private void postpone(RailJobs.RailJob job, String failure) {
        Duration backoff = backoff(job.attempts() + 1);
        log.warn("Could not report {} of payout {} (attempt {}); trying again in {}: {}", job.step(),
                job.payoutId(), job.attempts() + 1, backoff, failure);
        jobs.postpone(job, clock.instant().plus(backoff));
    }

    /** The aggregate refused the move: the payout is no longer where the step expects it (or does not exist). */
    private static boolean movedOn(ErrorCode code) {
        return code == ErrorCode.INVALID_STATE || code == ErrorCode.NOT_FOUND;
    }

    /** 1 s after the first failure, doubling, at most a minute. */
    static Duration backoff(int failedAttempts) {
        int doublings = Math.min(Math.max(failedAttempts - 1, 0), 6);
        Duration delay = FIRST_BACKOFF.multipliedBy(1L << doublings);
        return delay.compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : delay;
    }
}
