package io.payouts.service.rail;

import io.payouts.service.polling.Poller;
import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Reports the simulated rail's steps when they come due (ADR-0012). Every poll interval it claims due steps with
 * {@code select ... for update skip locked}, sends each step's command, and deletes the step in the claiming
 * transaction, so two instances never run one step at the same time. The command runs in a transaction of its
 * own (the claiming one is suspended), committed by Axon as for any other command. A crash between that commit
 * and the claim's commit leaves the step to run again; it is then out of date (the payout's stream moved past
 * the event that planned it) or refused by the aggregate, and dropped either way.
 */
class SimulatedRailRunner extends Poller {

    static final String CALLER = "rail:simulated";
    static final int BATCH_SIZE = 100;
    private static final Duration FIRST_BACKOFF = Duration.ofSeconds(1);
    private static final Duration MAX_BACKOFF = Duration.ofMinutes(1);

    private static final Logger log = LoggerFactory.getLogger(SimulatedRailRunner.class);

    private final RailJobs jobs;
    private final RailOutcomes outcomes;
    private final EventStore eventStore;
    private final Clock clock;
    private final TransactionTemplate claiming;
    private final TransactionTemplate outsideTransaction;

    SimulatedRailRunner(RailJobs jobs, RailOutcomes outcomes, EventStore eventStore, Clock clock,
                        Duration pollInterval, PlatformTransactionManager transactions) {
        super("simulated-rail", pollInterval);
        this.jobs = jobs;
        this.outcomes = outcomes;
        this.eventStore = eventStore;
        this.clock = clock;
        this.claiming = new TransactionTemplate(transactions);
        this.outsideTransaction = new TransactionTemplate(transactions);
        this.outsideTransaction.setPropagationBehavior(TransactionDefinition.PROPAGATION_NOT_SUPPORTED);
    }

    /** Runs every step due now, a batch per transaction, until none is left. */
    void runDueSteps() {
        Integer claimed;
        do {
            claimed = claiming.execute(status -> {
                List<RailJobs.RailJob> due = jobs.claimDue(clock.instant(), BATCH_SIZE);
                due.forEach(this::run);
                return due.size();
            });
        } while (claimed != null && claimed == BATCH_SIZE && isRunning());
    }

    private void run(RailJobs.RailJob job) {
        long version = eventStore.lastSequenceNumberFor(job.payoutId().value()).orElse(-1L);
        if (job.mode() == null || version != job.plannedAtVersion()) {
            log.debug("Dropping {} of payout {}: planned at version {}, the payout is at {}", job.step(),
                    job.payoutId(), job.plannedAtVersion(), version);
            jobs.delete(job);
            return;
        }
        try {
            outsideTransaction.executeWithoutResult(status -> report(job));
            jobs.delete(job);
        } catch (RuntimeException failure) {
            if (movedOn(failure)) {
                log.info("Dropping {} of payout {}: {}", job.step(), job.payoutId(), failure.getMessage());
                jobs.delete(job);
                return;
            }
            Duration backoff = backoff(job.attempts() + 1);
            log.warn("Could not report {} of payout {} (attempt {}); trying again in {}: {}", job.step(),
                    job.payoutId(), job.attempts() + 1, backoff, failure.toString());
            jobs.postpone(job, clock.instant().plus(backoff));
        }
    }

    /** The aggregate refused the move: the payout is no longer where the step expects it (or does not exist). */
    private static boolean movedOn(RuntimeException failure) {
        return failure instanceof DomainException refused
                && (refused.code() == ErrorCode.INVALID_STATE || refused.code() == ErrorCode.NOT_FOUND);
    }

    private void report(RailJobs.RailJob job) {
        Instant now = clock.instant();
        switch (job.step()) {
            case QUEUE -> outcomes.queued(job.payoutId(), job.mode(), now);
            case PROCESS -> outcomes.processing(job.payoutId(), job.mode(), now);
            case COMPLETE -> outcomes.completed(job.payoutId(), job.mode(), now);
            case FAIL -> outcomes.failed(job.payoutId(), job.mode(), SimulatedRailPlan.FAILURE_REASON, now);
        }
    }

    /** 1 s after the first failure, doubling, at most a minute. */
    static Duration backoff(int failedAttempts) {
        int doublings = Math.min(Math.max(failedAttempts - 1, 0), 6);
        Duration delay = FIRST_BACKOFF.multipliedBy(1L << doublings);
        return delay.compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : delay;
    }

    @Override
    protected void pollOnce() {
        runDueSteps();
    }
}
