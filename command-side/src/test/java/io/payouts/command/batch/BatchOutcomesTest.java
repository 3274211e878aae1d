package io.payouts.command.batch;

import io.payouts.platform.commands.Commands;
import io.payouts.testsupport.DatabaseTest;
import io.payouts.testsupport.ReadModelDatabase;
import io.payouts.shared.Mode;
import io.payouts.shared.batch.BatchCompletedEvent;
import io.payouts.shared.batch.BatchCreatedEvent;
import io.payouts.shared.batch.BatchId;
import io.payouts.shared.batch.BatchPayoutLine;
import io.payouts.shared.batch.BatchStatus;
import io.payouts.shared.batch.RecordBatchPayoutOutcomesCommand.Outcome;
import io.payouts.shared.batch.RecordBatchPayoutOutcomesCommand;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.eventhandling.BatchedEventHandler.Collected;
import io.payouts.shared.payout.PayoutCanceledEvent;
import io.payouts.shared.payout.PayoutCompletedEvent;
import io.payouts.shared.payout.PayoutFailedEvent;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutRetriedEvent;
import io.payouts.shared.payout.PayoutStatus;
import io.payouts.shared.payout.Rail;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.axonframework.messaging.unitofwork.DefaultUnitOfWork;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

/** The outcomes of a processor batch of payout events go to their batches, one command per batch (ADR-0024). */
@DatabaseTest
class BatchOutcomesTest {

    private static final ReadModelDatabase DATABASE = ReadModelDatabase.migrated("command-side");
    private static final BatchId BATCH = new BatchId("batch_" + "0".repeat(31) + "1");
    private static final BatchId OTHER_BATCH = new BatchId("batch_" + "0".repeat(31) + "2");
    private static final DriverId DRIVER = new DriverId("drv_" + "0".repeat(31) + "1");
    private static final Instant CREATED_AT = Instant.parse("2025-01-15T09:00:00Z");
    private static final Instant ENDED_AT = Instant.parse("2025-01-17T09:00:30Z");
    private static final Instant RETRIED_AT = Instant.parse("2025-01-17T09:01:00Z");

    private final List<RecordBatchPayoutOutcomesCommand> sent = new ArrayList<>();
    private BatchOutcomes outcomes;

    @BeforeEach
    void setUp() {
        DATABASE.empty();
        Commands commands = mock(Commands.class);
        when(commands.send(any(), any())).thenAnswer(call -> {
            sent.add(call.getArgument(0));
            return null;
        });
        outcomes = new BatchOutcomes(DATABASE.jdbc(), commands);
    }

    @Test
    void aProcessorBatchOfOutcomesGoesToEachBatchAsOneCommandInTheirOrder() {
        inOneProcessorBatch(() -> {
            outcomes.on(created(BATCH, payout(1), payout(2)), 0);
            outcomes.on(created(OTHER_BATCH, payout(3)), 0);
            outcomes.on(new PayoutFailedEvent(payout(1), Mode.SANDBOX, DRIVER, 100, "rail", ENDED_AT), 3);
            outcomes.on(new PayoutCompletedEvent(payout(3), Mode.SANDBOX, DRIVER, 100, 100, ENDED_AT), 3);
            outcomes.on(new PayoutCanceledEvent(payout(2), Mode.SANDBOX, DRIVER, 100, ENDED_AT), 1);
            outcomes.on(new PayoutRetriedEvent(payout(1), Mode.SANDBOX, 100, RETRIED_AT), 4);
        });

        assertThat(sent).containsExactly(
                new RecordBatchPayoutOutcomesCommand(BATCH, Mode.SANDBOX, List.of(
                        new Outcome(payout(1), PayoutStatus.FAILED, ENDED_AT),
                        new Outcome(payout(2), PayoutStatus.CANCELED, ENDED_AT),
                        new Outcome(payout(1), PayoutStatus.QUEUED, RETRIED_AT))),
                new RecordBatchPayoutOutcomesCommand(OTHER_BATCH, Mode.SANDBOX, List.of(
                        new Outcome(payout(3), PayoutStatus.COMPLETED, ENDED_AT))));
    }

    @Test
    void findsTheBatchOfAPayoutCreatedInAnEarlierProcessorBatchAndIgnoresPayoutsOfNoBatch() {
        inOneProcessorBatch(() -> outcomes.on(created(BATCH, payout(1)), 0));

        inOneProcessorBatch(() -> {
            outcomes.on(new PayoutCompletedEvent(payout(7), Mode.SANDBOX, DRIVER, 100, 100, ENDED_AT), 3);
            outcomes.on(new PayoutCompletedEvent(payout(1), Mode.SANDBOX, DRIVER, 100, 100, ENDED_AT), 3);
        });

        assertThat(sent).containsExactly(new RecordBatchPayoutOutcomesCommand(BATCH, Mode.SANDBOX, List.of(
                new Outcome(payout(1), PayoutStatus.COMPLETED, ENDED_AT))));
    }

    @Test
    void forgetsTheMembersOfABatchThatIsOverAndKeepsThoseOfOthers() {
        outcomes.apply(List.of(new Collected(BATCH.value(), created(BATCH, payout(1)), 0),
                new Collected(OTHER_BATCH.value(), created(OTHER_BATCH, payout(2)), 0)));
        assertThat(members()).isEqualTo(2);

        outcomes.apply(List.of(new Collected(BATCH.value(), new BatchCompletedEvent(BATCH, Mode.SANDBOX, "Weekly",
                BatchStatus.COMPLETED, 1, 100, 1, 0, ENDED_AT), 3)));

        assertThat(members()).isEqualTo(1);
        assertThat(DATABASE.jdbc().queryForObject("select batch_id from batch_membership", String.class))
                .isEqualTo(OTHER_BATCH.value());
    }

    @Test
    void aBatchCreatedTwiceIsRecordedOnce() {
        outcomes.apply(List.of(new Collected(BATCH.value(), created(BATCH, payout(1)), 0)));
        outcomes.apply(List.of(new Collected(BATCH.value(), created(BATCH, payout(1)), 0)));

        assertThat(members()).isEqualTo(1);
    }

    private static void inOneProcessorBatch(Runnable handling) {
        DefaultUnitOfWork<?> unitOfWork = DefaultUnitOfWork.startAndGet(null);
        try {
            handling.run();
        } finally {
            if (CurrentUnitOfWork.isStarted()) {
                unitOfWork.commit();
            }
        }
    }

    private int members() {
        Integer count = DATABASE.jdbc().queryForObject("select count(*) from batch_membership", Integer.class);
        return count == null ? 0 : count;
    }

    private static PayoutId payout(int n) {
        return new PayoutId(String.format("pay_%032x", n));
    }

    private static BatchCreatedEvent created(BatchId batchId, PayoutId... payouts) {
        List<BatchPayoutLine> lines = Arrays.stream(payouts)
                .map(payoutId -> new BatchPayoutLine(payoutId, DRIVER, 100, 0)).toList();
        return new BatchCreatedEvent(batchId, Mode.SANDBOX, "Weekly", Rail.STANDARD, null, lines, lines.size(),
                100L * lines.size(), 0, 100L * lines.size(), CREATED_AT);
    }
}
