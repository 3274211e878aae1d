package io.payouts.command.payout;

import io.payouts.shared.InvalidStateException;
import io.payouts.shared.Mode;
import io.payouts.shared.payout.CancelPayoutCommand;
import io.payouts.shared.payout.CompletePayoutCommand;
import io.payouts.shared.payout.FailPayoutCommand;
import io.payouts.shared.payout.PayoutCanceledEvent;
import io.payouts.shared.payout.PayoutFailedEvent;
import io.payouts.shared.payout.PayoutNotFoundException;
import io.payouts.shared.payout.QueuePayoutCommand;
import io.payouts.shared.payout.StartPayoutProcessingCommand;
import io.payouts.shared.wallet.FundsReleasedEvent;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Cancels and failures release what a payout reserved, once. */
class PayoutSettlementTest extends PayoutScenario {

    @Test
    void cancelsAValidatedPayoutReleasingTheAmountItReserved() {
        fund(Mode.SANDBOX, 10_000);
        admit(SANDBOX_WALLET, request(FIRST, 4_000));

        commands.sendAndWait(new CancelPayoutCommand(FIRST, Mode.SANDBOX, ENDED_AT));

        assertThat(payoutEvents(FIRST)).last()
                .isEqualTo(new PayoutCanceledEvent(FIRST, Mode.SANDBOX, DRIVER, 4_000, ENDED_AT));
        assertThat(walletEvents(SANDBOX_WALLET, FundsReleasedEvent.class)).containsExactly(
                new FundsReleasedEvent(SANDBOX_WALLET, Mode.SANDBOX, FIRST, 4_000, ENDED_AT));
        assertAvailable(SANDBOX_WALLET, 10_000);
    }

    @Test
    void cancelsAQueuedPayoutReleasingTheAmountItReserved() {
        fund(Mode.SANDBOX, 10_000);
        admit(SANDBOX_WALLET, request(FIRST, 4_000));
        commands.sendAndWait(new QueuePayoutCommand(FIRST, MOVED_AT));

        commands.sendAndWait(new CancelPayoutCommand(FIRST, Mode.SANDBOX, ENDED_AT));

        assertThat(walletEvents(SANDBOX_WALLET, FundsReleasedEvent.class)).containsExactly(
                new FundsReleasedEvent(SANDBOX_WALLET, Mode.SANDBOX, FIRST, 4_000, ENDED_AT));
        assertAvailable(SANDBOX_WALLET, 10_000);
    }

    @Test
    void refusesToCancelAProcessingPayoutAndReleasesNothing() {
        fund(Mode.SANDBOX, 10_000);
        admit(SANDBOX_WALLET, request(FIRST, 4_000));
        commands.sendAndWait(new QueuePayoutCommand(FIRST, MOVED_AT));
        commands.sendAndWait(new StartPayoutProcessingCommand(FIRST, MOVED_AT));

        assertThatThrownBy(() -> commands.sendAndWait(new CancelPayoutCommand(FIRST, Mode.SANDBOX, ENDED_AT)))
                .isInstanceOf(InvalidStateException.class);

        assertThat(payoutEvents(FIRST)).noneMatch(PayoutCanceledEvent.class::isInstance);
        assertThat(walletEvents(SANDBOX_WALLET, FundsReleasedEvent.class)).isEmpty();
        assertAvailable(SANDBOX_WALLET, 6_000);
    }

    @Test
    void refusesToCancelACompletedPayoutAndReleasesNothing() {
        fund(Mode.SANDBOX, 10_000);
        admit(SANDBOX_WALLET, request(FIRST, 4_000));
        commands.sendAndWait(new QueuePayoutCommand(FIRST, MOVED_AT));
        commands.sendAndWait(new CompletePayoutCommand(FIRST, ENDED_AT));

        assertThatThrownBy(() -> commands.sendAndWait(new CancelPayoutCommand(FIRST, Mode.SANDBOX, RETRIED_AT)))
                .isInstanceOf(InvalidStateException.class);

        assertThat(walletEvents(SANDBOX_WALLET, FundsReleasedEvent.class)).isEmpty();
        assertAvailable(SANDBOX_WALLET, 6_000);
    }

    @Test
    void treatsACancelInTheOtherModeAsNotFoundAndReleasesNothing() {
        fund(Mode.SANDBOX, 10_000);
        fund(Mode.PRODUCTION, 10_000);
        admit(SANDBOX_WALLET, request(FIRST, 4_000));

        assertThatThrownBy(() -> commands.sendAndWait(new CancelPayoutCommand(FIRST, Mode.PRODUCTION, ENDED_AT)))
                .isInstanceOf(PayoutNotFoundException.class);

        assertThat(payoutEvents(FIRST)).containsExactly(requested(FIRST, 4_000));
        assertThat(walletEvents(SANDBOX_WALLET, FundsReleasedEvent.class)).isEmpty();
        assertThat(walletEvents(PRODUCTION_WALLET, FundsReleasedEvent.class)).isEmpty();
        assertAvailable(SANDBOX_WALLET, 6_000);
        assertAvailable(PRODUCTION_WALLET, 10_000);
    }

    @Test
    void releasesTheFundsOfAProcessingPayoutThatFails() {
        fund(Mode.SANDBOX, 10_000);
        admit(SANDBOX_WALLET, request(FIRST, 4_000));
        commands.sendAndWait(new QueuePayoutCommand(FIRST, MOVED_AT));
        commands.sendAndWait(new StartPayoutProcessingCommand(FIRST, MOVED_AT));

        commands.sendAndWait(new FailPayoutCommand(FIRST, "account closed", ENDED_AT));

        assertThat(payoutEvents(FIRST)).last()
                .isEqualTo(new PayoutFailedEvent(FIRST, Mode.SANDBOX, DRIVER, 4_000, "account closed", ENDED_AT));
        assertThat(walletEvents(SANDBOX_WALLET, FundsReleasedEvent.class)).containsExactly(
                new FundsReleasedEvent(SANDBOX_WALLET, Mode.SANDBOX, FIRST, 4_000, ENDED_AT));
        assertAvailable(SANDBOX_WALLET, 10_000);
    }

    @Test
    void releasesNothingWhenAFailedPayoutIsReportedFailedAgain() {
        fund(Mode.SANDBOX, 10_000);
        admit(SANDBOX_WALLET, request(FIRST, 4_000));
        commands.sendAndWait(new FailPayoutCommand(FIRST, "account closed", ENDED_AT));

        assertThatThrownBy(() -> commands.sendAndWait(new FailPayoutCommand(FIRST, "account closed", RETRIED_AT)))
                .isInstanceOf(InvalidStateException.class);

        assertThat(walletEvents(SANDBOX_WALLET, FundsReleasedEvent.class)).hasSize(1);
        assertAvailable(SANDBOX_WALLET, 10_000);
    }
}
