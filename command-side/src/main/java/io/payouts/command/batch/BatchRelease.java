package io.payouts.command.batch;

import io.payouts.command.payout.Payout;
import io.payouts.command.wallet.Wallet;
import io.payouts.shared.InvalidStateException;
import io.payouts.shared.batch.BatchNotFoundException;
import io.payouts.shared.batch.ReleaseBatchCommand;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.wallet.InsufficientFundsException;
import io.payouts.shared.wallet.Reservation;
import io.payouts.shared.wallet.WalletId;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.modelling.command.Aggregate;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.axonframework.modelling.command.Repository;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.List;

/**
 * Releases a batch in one unit of work (ADR-0013): the wallet reserves the funds of every payout still in the batch
 * in one decision, or refuses and nothing moves; then each payout goes to the rail and the batch to processing.
 * Locks are taken batch, payouts, wallet: the wallet last, as admission and settlement take it, so they cannot
 * wait on each other in a circle.
 */
@Component
class BatchRelease {

    private final Repository<Batch> batches;
    private final Repository<Payout> payouts;
    private final Repository<Wallet> wallets;

    BatchRelease(Repository<Batch> batches, Repository<Payout> payouts, Repository<Wallet> wallets) {
        this.batches = batches;
        this.payouts = payouts;
        this.wallets = wallets;
    }

    /** @return the payouts released, in the batch's order */
    @CommandHandler
    public List<PayoutId> handle(ReleaseBatchCommand command) {
        Aggregate<Batch> batch;
        try {
            batch = batches.load(command.batchId().value());
        } catch (AggregateNotFoundException unknown) {
            throw new BatchNotFoundException(command.batchId().value());
        }
        List<PayoutId> counted = batch.invoke(candidate -> candidate.releasable(command.mode()));
        List<Aggregate<Payout>> releasing = new ArrayList<>();
        List<Reservation> reservations = new ArrayList<>();
        for (PayoutId payoutId : counted) {
            Aggregate<Payout> payout = payouts.load(payoutId.value());
            if (payout.invoke(candidate -> candidate.awaitingReleaseIn(command.batchId()))) {
                releasing.add(payout);
                reservations.add(new Reservation(payoutId, payout.invoke(Payout::amount)));
            }
        }
        if (reservations.isEmpty()) {
            throw new InvalidStateException("batch " + command.batchId() + " has no payouts left to release");
        }
        reserveAll(WalletId.of(command.mode()), reservations, command);
        releasing.forEach(payout -> payout.execute(candidate -> candidate.release(command.releasedAt(),
                command.failOnRail())));
        List<PayoutId> released = reservations.stream().map(Reservation::payoutId).toList();
        batch.execute(candidate -> candidate.release(released, command.trigger(), command.releasedAt()));
        return released;
    }

    /** A wallet that was never funded covers nothing. */
    private void reserveAll(WalletId walletId, List<Reservation> reservations, ReleaseBatchCommand command) {
        Aggregate<Wallet> wallet;
        try {
            wallet = wallets.load(walletId.value());
        } catch (AggregateNotFoundException neverFunded) {
            throw new InsufficientFundsException(reservations.stream().mapToLong(Reservation::amount).sum(), 0);
        }
        wallet.execute(funds -> funds.reserveAll(reservations, command.releasedAt()));
    }

}
