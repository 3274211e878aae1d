package io.payouts.command.payout;

import io.payouts.shared.ErrorCode;
import io.payouts.shared.InvalidStateException;
import io.payouts.shared.Mode;
import io.payouts.shared.payout.AdmissionOutcome;
import io.payouts.shared.payout.AdmitPayoutsCommand;
import io.payouts.shared.payout.CompletePayoutCommand;
import io.payouts.shared.payout.FailPayoutCommand;
import io.payouts.shared.payout.PayoutFailedEvent;
import io.payouts.shared.payout.PayoutRetriedEvent;
import io.payouts.shared.payout.QueuePayoutCommand;
import io.payouts.shared.payout.StartPayoutProcessingCommand;
import io.payouts.shared.wallet.FundsReservedEvent;
import io.payouts.shared.wallet.Reservation;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A failed payout retried through admission: its amount reserved again, or the retry refused. */
class PayoutRetryAdmissionTest extends PayoutScenario {

    @Test
    void retriesAFailedPayoutByReservingItsAmountAgain() {
        fund(Mode.SANDBOX, 10_000);
        admit(SANDBOX_WALLET, request(FIRST, 4_000));
        commands.sendAndWait(new FailPayoutCommand(FIRST, "account closed", ENDED_AT));

        AdmissionOutcome outcome = retry(SANDBOX_WALLET, FIRST).get(0);

        assertThat(outcome.admitted()).isTrue();
        assertThat(payoutEvents(FIRST)).last()
                .isEqualTo(new PayoutRetriedEvent(FIRST, Mode.SANDBOX, 4_000, RETRIED_AT));
        List<Reservation> reservedForFirst = List.of(new Reservation(FIRST, 4_000));
        assertThat(walletEvents(SANDBOX_WALLET, FundsReservedEvent.class)).containsExactly(
                new FundsReservedEvent(SANDBOX_WALLET, Mode.SANDBOX, reservedForFirst, ADMITTED_AT),
                new FundsReservedEvent(SANDBOX_WALLET, Mode.SANDBOX, reservedForFirst, RETRIED_AT));
        assertAvailable(SANDBOX_WALLET, 6_000);
    }

    @Test
    void retriesAPayoutNamedTwiceInOneBatchOnceAndRefusesTheSecondRetryWithoutFailingTheRestOfTheBatch() {
        fund(Mode.SANDBOX, 10_000);
        admit(SANDBOX_WALLET, request(FIRST, 4_000));
        commands.sendAndWait(new FailPayoutCommand(FIRST, "account closed", ENDED_AT));
        AdmitPayoutsCommand.PayoutRetry retry = new AdmitPayoutsCommand.PayoutRetry(FIRST, "req_retry", "key_retry");

        AdmissionOutcome.Outcomes batch = commands.sendAndWait(new AdmitPayoutsCommand(SANDBOX_WALLET,
                List.of(request(SECOND, 1_000)), List.of(retry, retry), RETRIED_AT));

        assertThat(batch.get(0).payoutId()).isEqualTo(SECOND);
        assertThat(batch.get(0).admitted()).isTrue();
        assertThat(batch.get(1).payoutId()).isEqualTo(FIRST);
        assertThat(batch.get(1).admitted()).isTrue();
        assertThat(batch.get(2).payoutId()).isEqualTo(FIRST);
        assertThat(batch.get(2).refusal().code()).isEqualTo(ErrorCode.INVALID_STATE);
        assertThat(payoutEvents(FIRST).stream().filter(PayoutRetriedEvent.class::isInstance)).hasSize(1);
        assertAvailable(SANDBOX_WALLET, 5_000);
    }

    @Test
    void queuesARetriedPayoutSoTheRailCanProcessAndCompleteIt() {
        fund(Mode.SANDBOX, 10_000);
        admit(SANDBOX_WALLET, request(FIRST, 4_000));
        commands.sendAndWait(new FailPayoutCommand(FIRST, "account closed", ENDED_AT));
        retry(SANDBOX_WALLET, FIRST);

        assertThatThrownBy(() -> commands.sendAndWait(new QueuePayoutCommand(FIRST, RETRIED_AT)))
                .isInstanceOf(InvalidStateException.class);
        commands.sendAndWait(new StartPayoutProcessingCommand(FIRST, RETRIED_AT));
        commands.sendAndWait(new CompletePayoutCommand(FIRST, RETRIED_AT));

        assertAvailable(SANDBOX_WALLET, 6_000);
    }

    @Test
    void refusesARetryTheWalletCannotCoverAndLeavesThePayoutFailed() {
        fund(Mode.SANDBOX, 5_000);
        admit(SANDBOX_WALLET, request(FIRST, 5_000));
        commands.sendAndWait(new FailPayoutCommand(FIRST, "account closed", ENDED_AT));
        admit(SANDBOX_WALLET, request(SECOND, 3_000));
        int reservationsBefore = walletEvents(SANDBOX_WALLET, FundsReservedEvent.class).size();

        AdmissionOutcome refused = retry(SANDBOX_WALLET, FIRST).get(0);

        assertThat(refused.refusal().code()).isEqualTo(ErrorCode.INSUFFICIENT_FUNDS);
        assertThat(payoutEvents(FIRST)).last().isInstanceOf(PayoutFailedEvent.class);
        assertThat(walletEvents(SANDBOX_WALLET, FundsReservedEvent.class)).hasSize(reservationsBefore);

        fund(Mode.SANDBOX, 3_000);
        assertThat(retry(SANDBOX_WALLET, FIRST).get(0).admitted()).isTrue();
        assertAvailable(SANDBOX_WALLET, 0);
    }

    @Test
    void refusesToRetryAValidatedPayoutAndReservesNothing() {
        fund(Mode.SANDBOX, 10_000);
        admit(SANDBOX_WALLET, request(FIRST, 4_000));

        AdmissionOutcome outcome = retry(SANDBOX_WALLET, FIRST).get(0);

        assertThat(outcome.refusal().code()).isEqualTo(ErrorCode.INVALID_STATE);
        assertThat(payoutEvents(FIRST)).containsExactly(requested(FIRST, 4_000));
        assertThat(walletEvents(SANDBOX_WALLET, FundsReservedEvent.class)).hasSize(1);
        assertAvailable(SANDBOX_WALLET, 6_000);
    }

    @Test
    void refusesToRetryACompletedPayoutAndReservesNothing() {
        fund(Mode.SANDBOX, 10_000);
        admit(SANDBOX_WALLET, request(FIRST, 4_000));
        commands.sendAndWait(new QueuePayoutCommand(FIRST, MOVED_AT));
        commands.sendAndWait(new CompletePayoutCommand(FIRST, ENDED_AT));

        AdmissionOutcome outcome = retry(SANDBOX_WALLET, FIRST).get(0);

        assertThat(outcome.refusal().code()).isEqualTo(ErrorCode.INVALID_STATE);
        assertThat(walletEvents(SANDBOX_WALLET, FundsReservedEvent.class)).hasSize(1);
        assertAvailable(SANDBOX_WALLET, 6_000);
    }

    @Test
    void treatsARetryOfAPayoutOfTheOtherModesWalletAsNotFound() {
        fund(Mode.SANDBOX, 10_000);
        fund(Mode.PRODUCTION, 10_000);
        admit(SANDBOX_WALLET, request(FIRST, 4_000));
        commands.sendAndWait(new FailPayoutCommand(FIRST, "account closed", ENDED_AT));

        AdmissionOutcome outcome = retry(PRODUCTION_WALLET, FIRST).get(0);

        assertThat(outcome.refusal().code()).isEqualTo(ErrorCode.NOT_FOUND);
        assertThat(payoutEvents(FIRST)).last().isInstanceOf(PayoutFailedEvent.class);
        assertThat(walletEvents(PRODUCTION_WALLET, FundsReservedEvent.class)).isEmpty();
        assertAvailable(PRODUCTION_WALLET, 10_000);
        assertAvailable(SANDBOX_WALLET, 10_000);
    }

    @Test
    void treatsARetryOfAPayoutThatNeverExistedAsNotFound() {
        fund(Mode.SANDBOX, 10_000);

        AdmissionOutcome outcome = retry(SANDBOX_WALLET, FIRST).get(0);

        assertThat(outcome.refusal().code()).isEqualTo(ErrorCode.NOT_FOUND);
        assertThat(payoutEvents(FIRST)).isEmpty();
        assertAvailable(SANDBOX_WALLET, 10_000);
    }

    @Test
    void admitsARetryAndNewPayoutsInOneAdmissionWhileRefusingTheOnesThatDoNotFit() {
        fund(Mode.SANDBOX, 10_000);
        admit(SANDBOX_WALLET, request(FIRST, 4_000));
        commands.sendAndWait(new FailPayoutCommand(FIRST, "account closed", ENDED_AT));
        admit(SANDBOX_WALLET, request(SECOND, 5_000));

        AdmissionOutcome.Outcomes outcomes = commands.sendAndWait(new AdmitPayoutsCommand(SANDBOX_WALLET,
                List.of(request(THIRD, 2_000), request(FOURTH, 1_000)),
                List.of(new AdmitPayoutsCommand.PayoutRetry(FIRST, "req_retry", "key_dispatch")), RETRIED_AT));

        assertThat(outcomes.get(2).payoutId()).isEqualTo(FIRST);
        assertThat(outcomes.get(2).admitted()).isTrue();
        assertThat(outcomes.get(0).refusal().code()).isEqualTo(ErrorCode.INSUFFICIENT_FUNDS);
        assertThat(outcomes.get(1).admitted()).isTrue();
        assertThat(payoutEvents(FIRST)).last().isInstanceOf(PayoutRetriedEvent.class);
        assertThat(payoutEvents(THIRD)).isEmpty();
        assertThat(payoutEvents(FOURTH)).containsExactly(requested(FOURTH, 1_000));
        assertAvailable(SANDBOX_WALLET, 0);
    }
}
