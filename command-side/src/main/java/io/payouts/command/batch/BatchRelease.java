package io.payouts.command.batch;

import io.payouts.command.Repositories;
import io.payouts.command.driver.DriverStandings;
import io.payouts.command.payout.Payout;
import io.payouts.command.wallet.Wallet;
import io.payouts.shared.InvalidStateException;
import io.payouts.shared.MetadataKeys;
import io.payouts.shared.Mode;
import io.payouts.shared.batch.BatchNotFoundException;
import io.payouts.shared.batch.BatchReleaseResult;
import io.payouts.shared.batch.ReleaseBatchCommand;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DriverStanding;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.wallet.InsufficientFundsException;
import io.payouts.shared.wallet.Reservation;
import io.payouts.shared.wallet.WalletId;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.messaging.annotation.MetaDataValue;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.axonframework.modelling.command.Aggregate;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.axonframework.modelling.command.Repository;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Releases a batch in one unit of work (ADR-0013): a payout whose driver can no longer be paid fails at once with
 * nothing reserved; the wallet reserves the funds of every other payout still in the batch in one
 * decision, or refuses and nothing moves; then those payouts go to the rail and the batch to processing. Locks are
 * taken batch, payouts, drivers' standings, wallet: the wallet last, as admission and settlement take it, so they
 * cannot wait on each other in a circle.
 */
@Component
class BatchRelease {

    private final Repository<Batch> batches;
    private final Repository<Payout> payouts;
    private final Repository<Wallet> wallets;
    private final DriverStandings drivers;
    private final Map<Mode, ReentrantLock> releasing = new EnumMap<>(Map.of(Mode.SANDBOX, new ReentrantLock(true),
            Mode.PRODUCTION, new ReentrantLock(true)));

    BatchRelease(Repository<Batch> batches, Repository<Payout> payouts, Repository<Wallet> wallets,
                 DriverStandings drivers) {
        this.batches = batches;
        this.payouts = payouts;
        this.wallets = wallets;
        this.drivers = drivers;
    }

    /** @param scenario the sandbox scenario the release was sent with: payout_failed fails every payout it releases */
    @CommandHandler
    public BatchReleaseResult handle(ReleaseBatchCommand command,
                                     @MetaDataValue(MetadataKeys.SANDBOX_SCENARIO) String scenario) {
        oneReleaseAtATime(command.mode());
        Aggregate<Batch> batch = Repositories.loadOrRefuse(batches, command.batchId().value(),
                BatchNotFoundException::new);
        List<PayoutId> counted = batch.invoke(candidate -> candidate.releasable(command.mode()));
        List<Aggregate<Payout>> waiting = new ArrayList<>();
        for (PayoutId payoutId : counted) {
            Aggregate<Payout> payout = payouts.load(payoutId.value());
            if (payout.invoke(candidate -> candidate.awaitingReleaseIn(command.batchId()))) {
                waiting.add(payout);
            }
        }
        if (waiting.isEmpty()) {
            throw new InvalidStateException("batch " + command.batchId() + " has no payouts left to release");
        }
        Map<DriverId, DriverStanding> standings = drivers.holdForPayment(command.mode(),
                waiting.stream().map(payout -> payout.invoke(Payout::driverId)).toList());
        List<Aggregate<Payout>> releasing = new ArrayList<>();
        Map<Aggregate<Payout>, String> unpayable = new LinkedHashMap<>();
        for (Aggregate<Payout> payout : waiting) {
            DriverId driverId = payout.invoke(Payout::driverId);
            DriverStandings.refusalToPay(driverId, standings.get(driverId)).map(Exception::getMessage)
                    .ifPresentOrElse(reason -> unpayable.put(payout, reason), () -> releasing.add(payout));
        }
        List<Reservation> reservations = releasing.stream()
                .map(payout -> new Reservation(payout.invoke(Payout::payoutId), payout.invoke(Payout::amount)))
                .toList();
        if (!reservations.isEmpty()) {
            reserveAll(WalletId.of(command.mode()), reservations, command);
        }
        boolean failOnTheRail = MetadataKeys.failsOnRail(scenario);
        releasing.forEach(payout -> payout.execute(candidate -> candidate.release(command.releasedAt(),
                failOnTheRail)));
        unpayable.forEach((payout, reason) -> payout.execute(candidate -> candidate.failAtRelease(reason,
                command.releasedAt())));
        List<PayoutId> toRail = reservations.stream().map(Reservation::payoutId).toList();
        List<PayoutId> failed = unpayable.keySet().stream().map(payout -> payout.invoke(Payout::payoutId)).toList();
        batch.execute(candidate -> candidate.release(toRail, failed, command.trigger(), command.releasedAt()));
        return new BatchReleaseResult(toRail, failed);
    }

    /**
     * Releases of one wallet wait for each other here, before they lock any payout, until the one ahead has committed
     * or rolled back: they would all wait for the wallet anyway, and while a release holding a thousand payout locks
     * waits for one, Axon's lock checks the locks of every waiting thread for a deadlock, over and over (ten batches
     * released together took 27 s, most of it in that check; ADR-0024).
     */
    private void oneReleaseAtATime(Mode mode) {
        ReentrantLock turn = releasing.get(mode);
        turn.lock();
        CurrentUnitOfWork.get().onCleanup(unitOfWork -> turn.unlock());
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
