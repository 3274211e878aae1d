package io.payouts.command.batch;

import io.payouts.command.InMemoryCommandSide;
import io.payouts.shared.ForbiddenException;
import io.payouts.shared.InvalidStateException;
import io.payouts.shared.Mode;
import io.payouts.shared.batch.ApproveBatchCommand;
import io.payouts.shared.batch.BatchApprovedEvent;
import io.payouts.shared.batch.BatchAwaitingApprovalEvent;
import io.payouts.shared.batch.BatchCreatedEvent;
import io.payouts.shared.batch.BatchId;
import io.payouts.shared.batch.BatchNotFoundException;
import io.payouts.shared.batch.BatchPayoutCanceledEvent;
import io.payouts.shared.batch.BatchRejectedEvent;
import io.payouts.shared.batch.BatchReleaseResult;
import io.payouts.shared.batch.CreateBatchCommand;
import io.payouts.shared.batch.RecordBatchPayoutOutcomesCommand;
import io.payouts.shared.batch.RejectBatchCommand;
import io.payouts.shared.batch.ReleaseBatchCommand;
import io.payouts.shared.batch.ReleaseTrigger;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.CancelPayoutCommand;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutRejectedEvent;
import io.payouts.shared.payout.PayoutRequest;
import io.payouts.shared.payout.PayoutRequestedInBatchEvent;
import io.payouts.shared.payout.PayoutStatus;
import io.payouts.shared.payout.Rail;
import io.payouts.shared.wallet.FundsReservedEvent;
import io.payouts.shared.wallet.SetApprovalThresholdCommand;
import io.payouts.shared.wallet.WalletId;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Maker-checker for batches (ADR-0046): a batch whose total is above the wallet's approval threshold waits, unreleasable,
 * until an owner or admin other than its creator approves it (queued) or rejects it (it and its payouts rejected).
 */
class BatchApprovalTest {

    private static final BatchId BATCH = new BatchId("batch_" + "0".repeat(31) + "1");
    private static final WalletId SANDBOX_WALLET = WalletId.of(Mode.SANDBOX);
    private static final DriverId DRIVER = new DriverId("drv_" + "0".repeat(31) + "1");
    private static final PayoutId FIRST = new PayoutId(String.format("pay_%032x", 1));
    private static final PayoutId SECOND = new PayoutId(String.format("pay_%032x", 2));
    private static final String CREATOR = "usr_creator";
    private static final String APPROVER = "usr_approver";
    private static final Instant FUNDED_AT = Instant.parse("2025-01-15T08:00:00Z");
    private static final Instant CREATED_AT = Instant.parse("2025-01-15T09:00:00Z");
    private static final Instant DECIDED_AT = Instant.parse("2025-01-15T10:00:00Z");
    private static final Instant RELEASED_AT = Instant.parse("2025-01-15T11:00:00Z");

    private InMemoryCommandSide side;
    private CommandGateway commands;

    @BeforeEach
    void setUp() {
        side = new InMemoryCommandSide();
        side.drivers.payable(DRIVER, Mode.SANDBOX);
        side.with(new BatchCreation(side.batches, side.payouts, side.wallets, side.drivers))
                .with(new BatchRelease(side.batches, side.payouts, side.wallets, side.drivers))
                .with(new BatchApproval(side.batches, side.payouts))
                .with(new io.payouts.command.payout.PayoutSettlementAccess(side.wallets, side.payouts).handler());
        commands = side.commands;
        side.fund(Mode.SANDBOX, 10_000, FUNDED_AT);
    }

    @AfterEach
    void tearDown() {
        side.shutDown();
    }

    @Test
    void aBatchWhoseTotalIsAboveTheThresholdWaitsAndCannotBeReleasedOrRun() {
        threshold(4_000);

        create(request(FIRST, 3_000), request(SECOND, 1_500));

        assertThat(events(BATCH.value())).hasSize(2).last().isEqualTo(new BatchAwaitingApprovalEvent(BATCH,
                Mode.SANDBOX, 4_500, 4_000, CREATOR, CREATED_AT));
        assertThat(events(FIRST.value())).singleElement().isInstanceOf(PayoutRequestedInBatchEvent.class);
        assertThatThrownBy(() -> release(ReleaseTrigger.RUN)).isInstanceOf(InvalidStateException.class)
                .hasMessageContaining("waits for approval");
        assertThat(walletEvents(FundsReservedEvent.class)).isEmpty();
    }

    @Test
    void aBatchAtTheThresholdOrWithApprovalsOffIsQueuedAsAlways() {
        threshold(4_500);

        create(request(FIRST, 3_000), request(SECOND, 1_500));

        assertThat(events(BATCH.value())).singleElement().isInstanceOf(BatchCreatedEvent.class);
        assertThat(release(ReleaseTrigger.RUN).releasedToRail()).containsExactly(FIRST, SECOND);
    }

    @Test
    void anApprovedBatchIsQueuedAndReleasedAsAnyOther() {
        threshold(4_000);
        create(request(FIRST, 3_000), request(SECOND, 1_500));

        commands.sendAndWait(new ApproveBatchCommand(BATCH, Mode.SANDBOX, APPROVER, DECIDED_AT));

        assertThat(events(BATCH.value())).last().isEqualTo(new BatchApprovedEvent(BATCH, Mode.SANDBOX, APPROVER,
                DECIDED_AT));
        assertThat(release(ReleaseTrigger.RELEASE).releasedToRail()).containsExactly(FIRST, SECOND);
        assertThatThrownBy(() -> commands.sendAndWait(new ApproveBatchCommand(BATCH, Mode.SANDBOX, APPROVER,
                DECIDED_AT))).isInstanceOf(InvalidStateException.class);
    }

    @Test
    void itsCreatorCannotDecideItAndAnotherModeDoesNotKnowIt() {
        threshold(4_000);
        create(request(FIRST, 3_000), request(SECOND, 1_500));

        assertThatThrownBy(() -> commands.sendAndWait(new ApproveBatchCommand(BATCH, Mode.SANDBOX, CREATOR,
                DECIDED_AT))).isInstanceOf(ForbiddenException.class);
        assertThatThrownBy(() -> commands.sendAndWait(new RejectBatchCommand(BATCH, Mode.SANDBOX, CREATOR, "no",
                DECIDED_AT))).isInstanceOf(ForbiddenException.class);
        assertThatThrownBy(() -> commands.sendAndWait(new ApproveBatchCommand(BATCH, Mode.PRODUCTION, APPROVER,
                DECIDED_AT))).isInstanceOf(BatchNotFoundException.class);
        assertThat(events(BATCH.value())).hasSize(2);
    }

    @Test
    void aRejectionEndsTheBatchAndEveryPayoutItStillHeldRejected() {
        threshold(4_000);
        create(request(FIRST, 3_000), request(SECOND, 1_500));
        commands.sendAndWait(new CancelPayoutCommand(SECOND, Mode.SANDBOX, DECIDED_AT));
        commands.sendAndWait(new RecordBatchPayoutOutcomesCommand(BATCH, Mode.SANDBOX,
                List.of(new RecordBatchPayoutOutcomesCommand.Outcome(SECOND, PayoutStatus.CANCELED, DECIDED_AT))));
        assertThat(events(BATCH.value())).last().isInstanceOf(BatchPayoutCanceledEvent.class);

        commands.sendAndWait(new RejectBatchCommand(BATCH, Mode.SANDBOX, APPROVER, "wrong week", RELEASED_AT));

        assertThat(events(BATCH.value())).last().isEqualTo(new BatchRejectedEvent(BATCH, Mode.SANDBOX, APPROVER,
                "wrong week", RELEASED_AT));
        assertThat(events(FIRST.value())).last().isEqualTo(new PayoutRejectedEvent(FIRST, Mode.SANDBOX, DRIVER, 3_000,
                APPROVER, "wrong week", RELEASED_AT));
        assertThat(events(SECOND.value())).hasSize(2);
        assertThatThrownBy(() -> release(ReleaseTrigger.RUN)).isInstanceOf(InvalidStateException.class);
        assertThat(walletEvents(FundsReservedEvent.class)).isEmpty();
    }

    // helpers

    private static PayoutRequest request(PayoutId payoutId, long amount) {
        return new PayoutRequest(payoutId, Mode.SANDBOX, DRIVER, amount, 0, Rail.STANDARD, "week 3", null, null, null,
                "req_1", "key_dispatch", CREATED_AT, CREATOR);
    }

    private void threshold(long cents) {
        commands.sendAndWait(new SetApprovalThresholdCommand(SANDBOX_WALLET, Mode.SANDBOX, cents, "usr_owner",
                FUNDED_AT));
    }

    private void create(PayoutRequest... requests) {
        commands.sendAndWait(new CreateBatchCommand(BATCH, Mode.SANDBOX, SANDBOX_WALLET, "Weekly", Rail.STANDARD, null,
                List.of(requests), CREATED_AT, CREATOR));
    }

    private BatchReleaseResult release(ReleaseTrigger trigger) {
        return commands.sendAndWait(new ReleaseBatchCommand(BATCH, Mode.SANDBOX, trigger, RELEASED_AT));
    }

    private List<Object> events(String aggregateId) {
        return side.events(aggregateId);
    }

    private <E> List<E> walletEvents(Class<E> type) {
        return events(SANDBOX_WALLET.value()).stream().filter(type::isInstance).map(type::cast).toList();
    }
}
