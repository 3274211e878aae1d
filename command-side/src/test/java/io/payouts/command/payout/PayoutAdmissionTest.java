package io.payouts.command.payout;

import io.payouts.shared.ErrorCode;
import io.payouts.shared.MetadataKeys;
import io.payouts.shared.Mode;
import io.payouts.shared.payout.AdmissionOutcome;
import io.payouts.shared.payout.CancelPayoutCommand;
import io.payouts.shared.payout.CompletePayoutCommand;
import io.payouts.shared.payout.FailPayoutCommand;
import io.payouts.shared.payout.PayoutFailedEvent;
import io.payouts.shared.payout.QueuePayoutCommand;
import io.payouts.shared.payout.Rail;
import io.payouts.shared.payout.StartPayoutProcessingCommand;
import io.payouts.shared.wallet.FundsReleasedEvent;
import io.payouts.shared.wallet.FundsReservedEvent;
import io.payouts.shared.wallet.RequestTopUpCommand;
import io.payouts.shared.wallet.Reservation;
import io.payouts.shared.wallet.TopUpMethod;
import io.payouts.shared.wallet.TopUpSettledEvent;
import org.axonframework.messaging.Message;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Admission of new payouts: reservations in order, who may be paid, the balance over a whole scenario. */
class PayoutAdmissionTest extends PayoutScenario {

    // admission

    @Test
    void reservesInOrderAndCreatesPayoutsOnlyForTheGrantedOnes() {
        fund(Mode.SANDBOX, 10_000);

        AdmissionOutcome.Outcomes outcomes = admit(SANDBOX_WALLET,
                request(FIRST, 4_000), request(SECOND, 7_000), request(THIRD, 5_000), request(FOURTH, 1_000));

        assertThat(outcomes.outcomes()).extracting(AdmissionOutcome::payoutId)
                .containsExactly(FIRST, SECOND, THIRD, FOURTH);
        assertThat(outcomes.get(0).admitted()).isTrue();
        assertThat(outcomes.get(1).refusal().code()).isEqualTo(ErrorCode.INSUFFICIENT_FUNDS);
        assertThat(outcomes.get(2).admitted()).isTrue();
        assertThat(outcomes.get(3).admitted()).isTrue();
        assertThat(walletEvents(SANDBOX_WALLET, FundsReservedEvent.class)).containsExactly(
                new FundsReservedEvent(SANDBOX_WALLET, Mode.SANDBOX, List.of(new Reservation(FIRST, 4_000),
                        new Reservation(THIRD, 5_000), new Reservation(FOURTH, 1_000)), ADMITTED_AT));
        assertThat(payoutEvents(FIRST)).containsExactly(requested(FIRST, 4_000));
        assertThat(payoutEvents(SECOND)).isEmpty();
        assertThat(payoutEvents(THIRD)).containsExactly(requested(THIRD, 5_000));
        assertThat(payoutEvents(FOURTH)).containsExactly(requested(FOURTH, 1_000));
        assertAvailable(SANDBOX_WALLET, 0);
    }

    @Test
    void carriesEachNewPayoutsOwnRequestIdAndCallerAsAuditMetadata() {
        fund(Mode.SANDBOX, 10_000);

        admit(SANDBOX_WALLET, request(FIRST, 4_000), request(SECOND, 5_000));

        assertThat(eventStore.readEvents(FIRST.value()).asStream().map(Message::getMetaData).toList())
                .singleElement()
                .satisfies(metaData -> assertThat(metaData).containsEntry(MetadataKeys.MODE, "sandbox")
                        .containsEntry(MetadataKeys.REQUEST_ID, "req_" + FIRST.value())
                        .containsEntry(MetadataKeys.CALLER, "key_dispatch"));
        assertThat(eventStore.readEvents(SECOND.value()).asStream().map(Message::getMetaData).toList())
                .singleElement()
                .satisfies(metaData -> assertThat(metaData).containsEntry(MetadataKeys.REQUEST_ID,
                        "req_" + SECOND.value()));
    }

    @Test
    void refusesAPayoutBeyondTheBalanceWithInsufficientFundsAndReservesNothingForIt() {
        fund(Mode.SANDBOX, 5_000);

        AdmissionOutcome outcome = admit(SANDBOX_WALLET, request(FIRST, 5_001)).get(0);

        assertThat(outcome.admitted()).isFalse();
        assertThat(outcome.refusal().code()).isEqualTo(ErrorCode.INSUFFICIENT_FUNDS);
        assertThat(outcome.refusal().details()).containsKey("amount");
        assertThat(walletEvents(SANDBOX_WALLET, FundsReservedEvent.class)).isEmpty();
        assertThat(payoutEvents(FIRST)).isEmpty();
        assertAvailable(SANDBOX_WALLET, 5_000);
    }

    @Test
    void admitsAPayoutOfExactlyTheAvailableBalance() {
        fund(Mode.SANDBOX, 5_000);

        AdmissionOutcome outcome = admit(SANDBOX_WALLET, request(FIRST, 5_000)).get(0);

        assertThat(outcome.admitted()).isTrue();
        assertThat(payoutEvents(FIRST)).containsExactly(requested(FIRST, 5_000));
        assertAvailable(SANDBOX_WALLET, 0);
    }

    @Test
    void refusesEveryPayoutOfAWalletThatWasNeverFunded() {
        AdmissionOutcome.Outcomes outcomes = admit(SANDBOX_WALLET, request(FIRST, 1), request(SECOND, 2_000));

        assertThat(outcomes.outcomes()).hasSize(2).allSatisfy(outcome ->
                assertThat(outcome.refusal().code()).isEqualTo(ErrorCode.INSUFFICIENT_FUNDS));
        assertThat(eventStore.readEvents(SANDBOX_WALLET.value()).asStream()).isEmpty();
        assertThat(payoutEvents(FIRST)).isEmpty();
        assertThat(payoutEvents(SECOND)).isEmpty();
    }

    @Test
    void refusesPayoutsAgainstATopUpThatHasNotSettled() {
        commands.sendAndWait(new RequestTopUpCommand(SANDBOX_WALLET, Mode.SANDBOX, transactionId(1), 50_000, "float",
                TopUpMethod.ACH, FUNDED_AT));

        AdmissionOutcome outcome = admit(SANDBOX_WALLET, request(FIRST, 1)).get(0);

        assertThat(outcome.refusal().code()).isEqualTo(ErrorCode.INSUFFICIENT_FUNDS);
        assertThat(walletEvents(SANDBOX_WALLET, FundsReservedEvent.class)).isEmpty();
        assertThat(payoutEvents(FIRST)).isEmpty();
    }

    @Test
    void spendsOnlyTheWalletOfTheAdmissionsMode() {
        fund(Mode.SANDBOX, 10_000);

        AdmissionOutcome outcome = admit(PRODUCTION_WALLET, request(FIRST, 1_000)).get(0);

        assertThat(outcome.refusal().code()).isEqualTo(ErrorCode.INSUFFICIENT_FUNDS);
        assertThat(payoutEvents(FIRST)).isEmpty();
        assertAvailable(SANDBOX_WALLET, 10_000);
    }

    // who may be paid

    @Test
    void refusesAPayoutToADriverWhoIsNotPayableAndReservesNothingForIt() {
        fund(Mode.SANDBOX, 10_000);

        AdmissionOutcome outcome = admit(SANDBOX_WALLET, request(FIRST, 1_000, INACTIVE_DRIVER, Rail.STANDARD))
                .get(0);

        assertThat(outcome.refusal().code()).isEqualTo(ErrorCode.DRIVER_NOT_PAYABLE);
        assertThat(outcome.refusal().message()).contains("inactive");
        assertThat(payoutEvents(FIRST)).isEmpty();
        assertThat(walletEvents(SANDBOX_WALLET, FundsReservedEvent.class)).isEmpty();
        assertAvailable(SANDBOX_WALLET, 10_000);
    }

    @Test
    void refusesAnInstantPayoutToADriverWhoIsNotPayable() {
        fund(Mode.SANDBOX, 10_000);

        AdmissionOutcome outcome = admit(SANDBOX_WALLET, request(FIRST, 1_000, INACTIVE_DRIVER, Rail.INSTANT))
                .get(0);

        assertThat(outcome.refusal().code()).isEqualTo(ErrorCode.DRIVER_NOT_PAYABLE);
        assertThat(payoutEvents(FIRST)).isEmpty();
    }

    @Test
    void refusesAPayoutToADriverOfAnotherModeOrNoneAsNotFound() {
        fund(Mode.SANDBOX, 10_000);
        drivers.payable(SECOND_MODE_DRIVER, Mode.PRODUCTION);

        AdmissionOutcome.Outcomes outcomes = admit(SANDBOX_WALLET,
                request(FIRST, 1_000, UNKNOWN_DRIVER, Rail.STANDARD),
                request(SECOND, 1_000, SECOND_MODE_DRIVER, Rail.STANDARD));

        assertThat(outcomes.outcomes()).allSatisfy(outcome ->
                assertThat(outcome.refusal().code()).isEqualTo(ErrorCode.NOT_FOUND));
        assertThat(payoutEvents(FIRST)).isEmpty();
        assertThat(payoutEvents(SECOND)).isEmpty();
    }

    @Test
    void paysTheOtherPayoutsOfABulkWhenOneDriverIsNotPayable() {
        fund(Mode.SANDBOX, 10_000);

        AdmissionOutcome.Outcomes outcomes = admit(SANDBOX_WALLET, request(FIRST, 1_000),
                request(SECOND, 1_000, INACTIVE_DRIVER, Rail.STANDARD), request(THIRD, 2_000));

        assertThat(outcomes.get(0).admitted()).isTrue();
        assertThat(outcomes.get(1).refusal().code()).isEqualTo(ErrorCode.DRIVER_NOT_PAYABLE);
        assertThat(outcomes.get(2).admitted()).isTrue();
        assertThat(walletEvents(SANDBOX_WALLET, FundsReservedEvent.class)).containsExactly(
                new FundsReservedEvent(SANDBOX_WALLET, Mode.SANDBOX, List.of(new Reservation(FIRST, 1_000),
                        new Reservation(THIRD, 2_000)), ADMITTED_AT));
        assertAvailable(SANDBOX_WALLET, 7_000);
    }

    @Test
    void refusesToRetryAPayoutWhoseDriverIsNoLongerPayable() {
        fund(Mode.SANDBOX, 10_000);
        admit(SANDBOX_WALLET, request(FIRST, 4_000));
        commands.sendAndWait(new FailPayoutCommand(FIRST, "account closed", ENDED_AT));
        drivers.deactivated(DRIVER, Mode.SANDBOX);

        AdmissionOutcome outcome = retry(SANDBOX_WALLET, FIRST).get(0);

        assertThat(outcome.refusal().code()).isEqualTo(ErrorCode.DRIVER_NOT_PAYABLE);
        assertThat(payoutEvents(FIRST)).last().isInstanceOf(PayoutFailedEvent.class);
        assertAvailable(SANDBOX_WALLET, 10_000);
    }

    // the balance over a whole scenario

    @Test
    void keepsAvailableEqualToSettledTopUpsMinusReservationsPlusReleases() {
        fund(Mode.SANDBOX, 10_000);
        fund(Mode.SANDBOX, 5_000);
        commands.sendAndWait(new RequestTopUpCommand(SANDBOX_WALLET, Mode.SANDBOX, transactionId(99), 3_000, "float",
                TopUpMethod.ACH, FUNDED_AT));
        admit(SANDBOX_WALLET, request(FIRST, 4_000), request(SECOND, 6_000), request(THIRD, 2_000),
                request(FOURTH, 9_000));
        commands.sendAndWait(new CancelPayoutCommand(FIRST, Mode.SANDBOX, ENDED_AT));
        commands.sendAndWait(new QueuePayoutCommand(SECOND, MOVED_AT));
        commands.sendAndWait(new StartPayoutProcessingCommand(SECOND, MOVED_AT));
        commands.sendAndWait(new FailPayoutCommand(SECOND, "account closed", ENDED_AT));
        commands.sendAndWait(new QueuePayoutCommand(THIRD, MOVED_AT));
        commands.sendAndWait(new CompletePayoutCommand(THIRD, ENDED_AT));
        retry(SANDBOX_WALLET, SECOND);

        long settled = walletEvents(SANDBOX_WALLET, TopUpSettledEvent.class).stream()
                .mapToLong(TopUpSettledEvent::amount).sum();
        long reserved = walletEvents(SANDBOX_WALLET, FundsReservedEvent.class).stream()
                .flatMap(event -> event.reservations().stream()).mapToLong(Reservation::amount).sum();
        long released = walletEvents(SANDBOX_WALLET, FundsReleasedEvent.class).stream()
                .mapToLong(FundsReleasedEvent::amount).sum();
        assertThat(settled).isEqualTo(15_000);
        assertThat(reserved).isEqualTo(4_000 + 6_000 + 2_000 + 6_000);
        assertThat(released).isEqualTo(4_000 + 6_000);
        assertThat(settled - reserved + released).isEqualTo(7_000);
        assertAvailable(SANDBOX_WALLET, 7_000);
    }
}
