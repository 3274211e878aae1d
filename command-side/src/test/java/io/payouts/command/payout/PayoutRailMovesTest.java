package io.payouts.command.payout;

import io.payouts.shared.ErrorCode;
import io.payouts.shared.Mode;
import io.payouts.shared.payout.AdvancePayoutsCommand;
import io.payouts.shared.payout.PayoutCompletedEvent;
import io.payouts.shared.payout.PayoutProcessingStartedEvent;
import io.payouts.shared.payout.PayoutQueuedEvent;
import io.payouts.shared.payout.PayoutRequestedEvent;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The rail's moves of many payouts in one command, each checked against the version it was planned at. */
class PayoutRailMovesTest extends PayoutScenario {

    @Test
    void railMovesOfManyPayoutsAreMadeInOneCommand() {
        fund(Mode.SANDBOX, 10_000);
        admit(SANDBOX_WALLET, request(FIRST, 4_000), request(SECOND, 5_000));

        AdvancePayoutsCommand.Result queued = advance(AdvancePayoutsCommand.Step.QUEUE, FIRST, SECOND);
        AdvancePayoutsCommand.Result processing = advance(AdvancePayoutsCommand.Step.START_PROCESSING, FIRST, SECOND);
        AdvancePayoutsCommand.Result completed = advance(AdvancePayoutsCommand.Step.COMPLETE, FIRST);

        assertThat(queued.refusals()).isEmpty();
        assertThat(processing.refusals()).isEmpty();
        assertThat(completed.refusals()).isEmpty();
        assertThat(payoutEvents(FIRST)).extracting(Object::getClass).containsExactly(PayoutRequestedEvent.class,
                PayoutQueuedEvent.class, PayoutProcessingStartedEvent.class, PayoutCompletedEvent.class);
        assertThat(payoutEvents(SECOND)).extracting(Object::getClass).containsExactly(PayoutRequestedEvent.class,
                PayoutQueuedEvent.class, PayoutProcessingStartedEvent.class);
    }

    @Test
    void aRailMoveAPayoutRefusesIsReportedAndTheOthersAreStillMade() {
        fund(Mode.SANDBOX, 10_000);
        admit(SANDBOX_WALLET, request(FIRST, 4_000), request(SECOND, 5_000));
        advance(AdvancePayoutsCommand.Step.QUEUE, SECOND);

        AdvancePayoutsCommand.Result result = advance(AdvancePayoutsCommand.Step.QUEUE, SECOND, THIRD, FIRST);

        assertThat(result.refusals()).containsOnlyKeys(SECOND, THIRD);
        assertThat(result.refusals().get(SECOND).code()).isEqualTo(ErrorCode.INVALID_STATE);
        assertThat(result.refusals().get(THIRD).code()).isEqualTo(ErrorCode.NOT_FOUND);
        assertThat(payoutEvents(FIRST)).extracting(Object::getClass)
                .containsExactly(PayoutRequestedEvent.class, PayoutQueuedEvent.class);
        assertThat(payoutEvents(SECOND)).extracting(Object::getClass)
                .containsExactly(PayoutRequestedEvent.class, PayoutQueuedEvent.class);
    }

    @Test
    void aRailStepPlannedBeforeThePayoutMovedOnIsRefusedAsOutOfDate() {
        fund(Mode.SANDBOX, 10_000);
        admit(SANDBOX_WALLET, request(FIRST, 4_000));
        long plannedAt = eventStore.lastSequenceNumberFor(FIRST.value()).orElseThrow();
        advance(AdvancePayoutsCommand.Step.QUEUE, FIRST);

        AdvancePayoutsCommand.Result stale = commands.sendAndWait(new AdvancePayoutsCommand(Mode.SANDBOX, List.of(
                new AdvancePayoutsCommand.Move(FIRST, AdvancePayoutsCommand.Step.COMPLETE, MOVED_AT, plannedAt))));

        assertThat(stale.refusals().get(FIRST).code()).isEqualTo(ErrorCode.INVALID_STATE);
        assertThat(stale.refusals().get(FIRST).message()).contains("moved on");
        assertThat(payoutEvents(FIRST)).extracting(Object::getClass)
                .containsExactly(PayoutRequestedEvent.class, PayoutQueuedEvent.class);
    }
}
