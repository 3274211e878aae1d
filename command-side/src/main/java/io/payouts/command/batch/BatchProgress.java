package io.payouts.command.batch;

import io.payouts.platform.commands.Commands;
import io.payouts.platform.commands.Origin;
import io.payouts.shared.DomainException;
import io.payouts.shared.Mode;
import io.payouts.shared.batch.BatchApprovedEvent;
import io.payouts.shared.batch.BatchCompletedEvent;
import io.payouts.shared.batch.BatchCreatedEvent;
import io.payouts.shared.batch.BatchId;
import io.payouts.shared.batch.BatchRejectedEvent;
import io.payouts.shared.batch.BatchReleasedEvent;
import io.payouts.shared.batch.ReleaseBatchCommand;
import io.payouts.shared.batch.ReleaseTrigger;
import io.payouts.shared.eventhandling.ProcessingGroups;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.deadline.DeadlineManager;
import org.axonframework.deadline.annotation.DeadlineHandler;
import org.axonframework.modelling.saga.EndSaga;
import org.axonframework.modelling.saga.SagaEventHandler;
import org.axonframework.modelling.saga.StartSaga;
import org.axonframework.spring.stereotype.Saga;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;

import java.time.Clock;
import java.time.Instant;

/**
 * Follows one batch from its creation to its end (ADR-0013): it releases a scheduled batch when its persistent
 * deadline fires (the deadline manager keeps it in the database, so it survives restarts and fires on one
 * instance). Where the batch's payouts went is told by {@link BatchOutcomes}, a processor batch at a time
 * (ADR-0024); sagas started before it still hold associations with their payouts, which no handler uses.
 */
@Saga
@ProcessingGroup(ProcessingGroups.BATCH_PROGRESS)
public class BatchProgress {

    static final String RELEASE_DEADLINE = "release-scheduled-batch";
    private static final Logger log = LoggerFactory.getLogger(BatchProgress.class);

    private BatchId batchId;
    private Mode mode;
    private Instant scheduledFor;

    @Autowired
    private transient Commands commands;
    @Autowired
    private transient DeadlineManager deadlines;
    @Autowired
    private transient Clock clock;

    @StartSaga
    @SagaEventHandler(associationProperty = "batchId")
    void on(BatchCreatedEvent event) {
        batchId = event.batchId();
        mode = event.mode();
        scheduledFor = event.scheduledFor();
        if (event.scheduledFor() != null) {
            deadlines.schedule(event.scheduledFor(), RELEASE_DEADLINE);
        }
    }

    /**
     * Approved after its time (ADR-0046): the schedule's release was refused while it waited, so it is released now;
     * one approved before its time waits for its deadline as any other.
     */
    @SagaEventHandler(associationProperty = "batchId")
    void on(BatchApprovedEvent event) {
        if (scheduledFor != null && !scheduledFor.isAfter(event.approvedAt())) {
            releaseOnSchedule();
        }
    }

    /** Rejected: it will never be released. */
    @EndSaga
    @SagaEventHandler(associationProperty = "batchId")
    void on(BatchRejectedEvent event) {
        deadlines.cancelAllWithinScope(RELEASE_DEADLINE);
    }

    /** Released or run by hand before its time: the schedule has nothing left to do. */
    @SagaEventHandler(associationProperty = "batchId")
    void on(BatchReleasedEvent event) {
        deadlines.cancelAllWithinScope(RELEASE_DEADLINE);
    }

    /**
     * A refusal is final for this deadline: a batch released or run meanwhile, or one the wallet cannot cover,
     * which stays queued for a release by hand once the wallet is topped up.
     */
    @DeadlineHandler(deadlineName = RELEASE_DEADLINE)
    void releaseOnSchedule() {
        try {
            commands.send(new ReleaseBatchCommand(batchId, mode, ReleaseTrigger.SCHEDULE, clock.instant()),
                    Origin.NONE);
        } catch (DomainException refused) {
            log.warn("Scheduled release of batch {} refused ({}): {}", batchId, refused.code(), refused.getMessage());
        }
    }

    @EndSaga
    @SagaEventHandler(associationProperty = "batchId")
    void on(BatchCompletedEvent event) {
        deadlines.cancelAllWithinScope(RELEASE_DEADLINE);
    }
}
