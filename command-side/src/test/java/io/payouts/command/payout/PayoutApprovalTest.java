package io.payouts.command.payout;

import io.payouts.shared.ErrorCode;
import io.payouts.shared.ForbiddenException;
import io.payouts.shared.InvalidFieldException;
import io.payouts.shared.InvalidStateException;
import io.payouts.shared.MetadataKeys;
import io.payouts.shared.Mode;
import io.payouts.shared.payout.AdmissionOutcome;
import io.payouts.shared.payout.ApprovePayoutCommand;
import io.payouts.shared.payout.CancelPayoutCommand;
import io.payouts.shared.payout.DriverNotPayableException;
import io.payouts.shared.payout.FailPayoutCommand;
import io.payouts.shared.payout.PayoutApprovedEvent;
import io.payouts.shared.payout.PayoutAwaitingApprovalEvent;
import io.payouts.shared.payout.PayoutCanceledEvent;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutNotFoundException;
import io.payouts.shared.payout.PayoutRejectedEvent;
import io.payouts.shared.payout.PayoutRequest;
import io.payouts.shared.payout.Rail;
import io.payouts.shared.payout.RejectPayoutCommand;
import io.payouts.shared.wallet.FundsReservedEvent;
import io.payouts.shared.wallet.InsufficientFundsException;
import io.payouts.shared.wallet.Reservation;
import io.payouts.shared.wallet.SetApprovalThresholdCommand;
import org.axonframework.eventhandling.DomainEventMessage;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Maker-checker (ADR-0046): a payout above the wallet's approval threshold waits with nothing reserved until an owner
 * or admin other than its requester approves it (funds reserved then, as an admission would) or rejects it.
 */
class PayoutApprovalTest extends PayoutScenario {

    private static final String REQUESTER = "usr_requester";
    private static final String APPROVER = "usr_approver";
    private static final Instant DECIDED_AT = Instant.parse("2025-01-15T11:00:00Z");

    @Test
    void aPayoutAboveTheThresholdWaitsWithNothingReservedAndOneAtItIsPaidAtOnce() {
        fund(Mode.SANDBOX, 10_000);
        threshold(3_000);

        AdmissionOutcome.Outcomes outcomes = admit(SANDBOX_WALLET, waiting(FIRST, 3_001), waiting(SECOND, 3_000));

        assertThat(outcomes.get(0).awaitsApproval()).isTrue();
        assertThat(outcomes.get(0).approvalThreshold()).isEqualTo(3_000);
        assertThat(outcomes.get(1).admitted()).isTrue();
        assertThat(outcomes.get(1).awaitsApproval()).isFalse();
        assertThat(payoutEvents(FIRST)).containsExactly(new PayoutAwaitingApprovalEvent(FIRST, Mode.SANDBOX,
                SANDBOX_WALLET, DRIVER, 3_001, 0, 3_001, Rail.STANDARD, "week 3", null, ADMITTED_AT, null, REQUESTER,
                3_000));
        assertThat(walletEvents(SANDBOX_WALLET, FundsReservedEvent.class)).containsExactly(new FundsReservedEvent(
                SANDBOX_WALLET, Mode.SANDBOX, List.of(new Reservation(SECOND, 3_000)), ADMITTED_AT));
        assertAvailable(SANDBOX_WALLET, 7_000);
    }

    @Test
    void withoutAThresholdOrWithItSwitchedOffNothingWaits() {
        fund(Mode.SANDBOX, 10_000);
        threshold(1_000);
        threshold(0);

        assertThat(admit(SANDBOX_WALLET, waiting(FIRST, 9_000)).get(0).awaitsApproval()).isFalse();
        assertAvailable(SANDBOX_WALLET, 1_000);
    }

    @Test
    void theThresholdIsTheModesOwn() {
        fund(Mode.SANDBOX, 10_000);
        fund(Mode.PRODUCTION, 10_000);
        commands.sendAndWait(new SetApprovalThresholdCommand(PRODUCTION_WALLET, Mode.PRODUCTION, 1_000, "usr_owner",
                FUNDED_AT));

        assertThat(admit(SANDBOX_WALLET, waiting(FIRST, 5_000)).get(0).awaitsApproval()).isFalse();
    }

    @Test
    void anApprovalReservesTheFundsAndSendsThePayoutOnUnderTheApproversName() {
        fund(Mode.SANDBOX, 10_000);
        threshold(3_000);
        admit(SANDBOX_WALLET, waiting(FIRST, 4_000));

        commands.sendAndWait(approve(FIRST, APPROVER));

        assertThat(payoutEvents(FIRST)).last().isEqualTo(new PayoutApprovedEvent(FIRST, Mode.SANDBOX, DRIVER, 4_000,
                4_000, Rail.STANDARD, APPROVER, DECIDED_AT));
        assertThat(walletEvents(SANDBOX_WALLET, FundsReservedEvent.class)).containsExactly(new FundsReservedEvent(
                SANDBOX_WALLET, Mode.SANDBOX, List.of(new Reservation(FIRST, 4_000)), DECIDED_AT));
        assertThat(lastMetaData(FIRST)).containsEntry(MetadataKeys.CALLER, "key_admin")
                .containsEntry(MetadataKeys.REQUEST_ID, "req_approve");
        commands.sendAndWait(new FailPayoutCommand(FIRST, "bank said no", DECIDED_AT));
        assertAvailable(SANDBOX_WALLET, 10_000);
    }

    @Test
    void theRequesterCannotApproveOrRejectTheirOwnPayout() {
        fund(Mode.SANDBOX, 10_000);
        threshold(3_000);
        admit(SANDBOX_WALLET, waiting(FIRST, 4_000));

        assertThatThrownBy(() -> commands.sendAndWait(approve(FIRST, REQUESTER)))
                .isInstanceOf(ForbiddenException.class).hasMessageContaining("requested");
        assertThatThrownBy(() -> commands.sendAndWait(reject(FIRST, REQUESTER)))
                .isInstanceOf(ForbiddenException.class);
        assertThat(payoutEvents(FIRST)).hasSize(1);
        assertAvailable(SANDBOX_WALLET, 10_000);
    }

    @Test
    void anApprovalTheWalletCannotCoverMovesNothingAndThePayoutKeepsWaiting() {
        fund(Mode.SANDBOX, 5_000);
        threshold(3_000);
        admit(SANDBOX_WALLET, waiting(FIRST, 4_000));
        admit(SANDBOX_WALLET, waiting(SECOND, 2_000));

        assertThatThrownBy(() -> commands.sendAndWait(approve(FIRST, APPROVER)))
                .isInstanceOf(InsufficientFundsException.class);
        assertThat(payoutEvents(FIRST)).hasSize(1);

        fund(Mode.SANDBOX, 1_000);
        commands.sendAndWait(approve(FIRST, APPROVER));
        assertThat(payoutEvents(FIRST)).last().isInstanceOf(PayoutApprovedEvent.class);
        assertAvailable(SANDBOX_WALLET, 0);
    }

    @Test
    void anApprovalForADriverWhoCanNoLongerBePaidIsRefusedAndThePayoutKeepsWaiting() {
        fund(Mode.SANDBOX, 10_000);
        threshold(3_000);
        admit(SANDBOX_WALLET, waiting(FIRST, 4_000));
        drivers.deactivated(DRIVER, Mode.SANDBOX);

        assertThatThrownBy(() -> commands.sendAndWait(approve(FIRST, APPROVER)))
                .isInstanceOf(DriverNotPayableException.class);
        assertThat(payoutEvents(FIRST)).hasSize(1);
        assertAvailable(SANDBOX_WALLET, 10_000);
    }

    @Test
    void aRejectionEndsThePayoutRejectedWithItsReasonAndGivesNothingBack() {
        fund(Mode.SANDBOX, 10_000);
        threshold(3_000);
        admit(SANDBOX_WALLET, waiting(FIRST, 4_000));

        commands.sendAndWait(reject(FIRST, APPROVER));

        assertThat(payoutEvents(FIRST)).last().isEqualTo(new PayoutRejectedEvent(FIRST, Mode.SANDBOX, DRIVER, 4_000,
                APPROVER, "not this week", DECIDED_AT));
        assertThat(walletEvents(SANDBOX_WALLET, FundsReservedEvent.class)).isEmpty();
        assertThatThrownBy(() -> commands.sendAndWait(approve(FIRST, APPROVER)))
                .isInstanceOf(InvalidStateException.class).hasMessageContaining("rejected");
        assertAvailable(SANDBOX_WALLET, 10_000);
    }

    @Test
    void onlyAPayoutThatWaitsCanBeDecidedAndOnlyInItsOwnMode() {
        fund(Mode.SANDBOX, 10_000);
        admit(SANDBOX_WALLET, waiting(FIRST, 4_000));

        assertThatThrownBy(() -> commands.sendAndWait(approve(FIRST, APPROVER)))
                .isInstanceOf(InvalidStateException.class);
        assertThatThrownBy(() -> commands.sendAndWait(reject(FIRST, APPROVER)))
                .isInstanceOf(InvalidStateException.class);
        assertThatThrownBy(() -> commands.sendAndWait(new ApprovePayoutCommand(FIRST, Mode.PRODUCTION, APPROVER, null,
                null, DECIDED_AT))).isInstanceOf(PayoutNotFoundException.class);
        assertThatThrownBy(() -> commands.sendAndWait(approve(SECOND, APPROVER)))
                .isInstanceOf(PayoutNotFoundException.class);
    }

    @Test
    void aWaitingPayoutCanBeCanceledAndGivesNothingBack() {
        fund(Mode.SANDBOX, 10_000);
        threshold(3_000);
        admit(SANDBOX_WALLET, waiting(FIRST, 4_000));

        commands.sendAndWait(new CancelPayoutCommand(FIRST, Mode.SANDBOX, DECIDED_AT));

        assertThat(payoutEvents(FIRST)).last().isInstanceOf(PayoutCanceledEvent.class);
        assertThatThrownBy(() -> commands.sendAndWait(approve(FIRST, APPROVER)))
                .isInstanceOf(InvalidStateException.class);
        assertAvailable(SANDBOX_WALLET, 10_000);
    }

    @Test
    void aRetryOfAFailedPayoutAboveTheThresholdDoesNotWaitAgain() {
        fund(Mode.SANDBOX, 10_000);
        threshold(3_000);
        admit(SANDBOX_WALLET, waiting(FIRST, 4_000));
        commands.sendAndWait(approve(FIRST, APPROVER));
        commands.sendAndWait(new FailPayoutCommand(FIRST, "bank said no", DECIDED_AT));

        AdmissionOutcome outcome = retry(SANDBOX_WALLET, FIRST).get(0);

        assertThat(outcome.admitted()).isTrue();
        assertThat(outcome.awaitsApproval()).isFalse();
        assertAvailable(SANDBOX_WALLET, 6_000);
    }

    @Test
    void aRejectionNeedsAPlainReasonAndAThresholdIsNeverNegative() {
        fund(Mode.SANDBOX, 10_000);
        threshold(3_000);
        admit(SANDBOX_WALLET, waiting(FIRST, 4_000));

        for (String reason : new String[]{null, " ", "x".repeat(501), "no\u202Eway"}) {
            assertThatThrownBy(() -> commands.sendAndWait(new RejectPayoutCommand(FIRST, Mode.SANDBOX, APPROVER,
                    reason, DECIDED_AT))).as("reason %s", reason).isInstanceOf(InvalidFieldException.class)
                    .satisfies(e -> assertThat(((InvalidFieldException) e).details()).containsKey("reason"));
        }
        assertThat(payoutEvents(FIRST)).hasSize(1);
        assertThatThrownBy(() -> commands.sendAndWait(new RejectPayoutCommand(SECOND, Mode.SANDBOX, APPROVER, null,
                DECIDED_AT))).as("an unknown payout is not found, whatever the reason")
                .isInstanceOf(PayoutNotFoundException.class);
        assertThatThrownBy(() -> new SetApprovalThresholdCommand(SANDBOX_WALLET, Mode.SANDBOX, -1, "usr_owner",
                DECIDED_AT)).isInstanceOf(InvalidFieldException.class)
                .satisfies(e -> assertThat(((InvalidFieldException) e).code()).isEqualTo(ErrorCode.VALIDATION_ERROR));
    }

    // helpers

    private void threshold(long cents) {
        commands.sendAndWait(new SetApprovalThresholdCommand(SANDBOX_WALLET, Mode.SANDBOX, cents, "usr_owner",
                FUNDED_AT));
    }

    private static PayoutRequest waiting(PayoutId payoutId, long amount) {
        PayoutRequest request = request(payoutId, amount);
        return new PayoutRequest(request.payoutId(), request.mode(), request.driverId(), request.amount(),
                request.fee(), request.rail(), request.description(), request.loadId(), request.requestedBy(),
                request.sandboxScenario(), request.requestId(), request.caller(), request.requestedAt(), REQUESTER);
    }

    private static ApprovePayoutCommand approve(PayoutId payoutId, String approver) {
        return new ApprovePayoutCommand(payoutId, Mode.SANDBOX, approver, "req_approve", "key_admin", DECIDED_AT);
    }

    private static RejectPayoutCommand reject(PayoutId payoutId, String rejecter) {
        return new RejectPayoutCommand(payoutId, Mode.SANDBOX, rejecter, "not this week", DECIDED_AT);
    }

    private Map<String, Object> lastMetaData(PayoutId payoutId) {
        List<? extends DomainEventMessage<?>> stream = eventStore.readEvents(payoutId.value()).asStream().toList();
        return Map.copyOf(stream.get(stream.size() - 1).getMetaData());
    }
}
