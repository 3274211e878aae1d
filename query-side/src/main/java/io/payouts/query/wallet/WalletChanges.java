package io.payouts.query.wallet;

import io.payouts.shared.payout.PayoutCompletedEvent;
import io.payouts.shared.wallet.FundsReleasedEvent;
import io.payouts.shared.wallet.FundsReservedEvent;
import io.payouts.shared.wallet.Reservation;
import io.payouts.shared.wallet.ReturnedFundsCreditedEvent;
import io.payouts.shared.wallet.TopUpRequestedEvent;
import io.payouts.shared.wallet.TopUpSettledEvent;
import io.payouts.shared.wallet.WalletEvent;
import io.payouts.shared.wallet.WalletId;
import io.payouts.shared.wallet.WalletOpenedEvent;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a run of events does to the wallet read model, folded in memory from the rows they touch. Idempotent: a
 * wallet event applies only above the wallet's version, and a completion only if its debit (whose id derives from
 * the payout id) is not there yet, so a redelivered event changes nothing.
 *
 * <p>What holds after every event, per mode: credits - debits - in transit = available, and
 * ledger = available + in transit.
 */
final class WalletChanges {

    private final Map<String, WalletRow> wallets;
    private final Map<String, TopUpRow> topUps;
    /** The debits stored (or made by these events), each with the global position of its completion. */
    private final Map<String, Long> storedDebits;
    private final Set<String> changedWallets = new HashSet<>();
    private final Map<String, TopUpRow> changedTopUps = new LinkedHashMap<>();
    private final List<FundingTransactionRow> newTransactions = new ArrayList<>();
    private final List<WalletMovement> movements = new ArrayList<>();

    /**
     * @param wallets            the stored wallets these events touch, by id
     * @param topUps             the stored top-ups these events settle, by id
     * @param storedDebits which of the debits these events could make are stored already ({@link #debitIdsOf}),
     *                     each with the global position of the completion that made it
     */
    WalletChanges(Map<String, WalletRow> wallets, Map<String, TopUpRow> topUps, Map<String, Long> storedDebits) {
        this.wallets = new HashMap<>(wallets);
        this.topUps = new HashMap<>(topUps);
        this.storedDebits = new HashMap<>(storedDebits);
    }

    /** The ids of the debit a completion at {@code sequence} of its payout's stream may make. */
    static List<String> debitIdsOf(PayoutCompletedEvent completed, long sequence) {
        return List.of(FundingTransactionRow.debitIdOf(completed.payoutId()),
                FundingTransactionRow.debitIdOf(completed.payoutId(), sequence));
    }

    /** The wallet an event changes: the wallet's own stream, or the completed payout's mode. */
    static String walletIdOf(Object event) {
        if (event instanceof WalletEvent walletEvent) {
            return walletEvent.walletId().value();
        }
        if (event instanceof PayoutCompletedEvent completed) {
            return WalletId.of(completed.mode()).value();
        }
        throw new IllegalArgumentException("not a wallet change: " + event.getClass().getName());
    }

    /**
     * Applies one event; {@code sequence} is its place in its stream (the wallet's, or a completion's payout's),
     * {@code globalPosition} its place in the whole stream, which the funding transaction it makes carries, and
     * {@code storedAt} the event's own time, which dates its movement.
     */
    void apply(Object event, long sequence, long globalPosition, Instant storedAt) {
        if (event instanceof PayoutCompletedEvent completed) {
            debit(completed, sequence, globalPosition, storedAt);
            return;
        }
        if (event instanceof WalletOpenedEvent opened) {
            wallets.computeIfAbsent(opened.walletId().value(), id -> {
                changedWallets.add(id);
                return WalletRow.opened(id, opened.mode(), opened.openedAt(), sequence);
            });
            return;
        }
        String walletId = walletIdOf(event);
        WalletRow wallet = wallets.get(walletId);
        if (wallet == null) {
            throw new IllegalStateException("wallet " + walletId + " changed before it was opened");
        }
        if (!wallet.hasApplied(sequence)) {
            WalletRow after = applyToWallet(wallet, event, sequence, globalPosition);
            put(after);
            movements.add(WalletMovement.between(wallet, after, globalPosition, storedAt));
        }
    }

    private WalletRow applyToWallet(WalletRow wallet, Object event, long sequence, long globalPosition) {
        if (event instanceof TopUpRequestedEvent requested) {
            TopUpRow topUp = TopUpRow.requested(requested);
            topUps.put(topUp.id(), topUp);
            changedTopUps.put(topUp.id(), topUp);
            return wallet.requestTopUp(requested.amount(), requested.requestedAt(), sequence);
        }
        if (event instanceof TopUpSettledEvent settled) {
            String id = settled.transactionId().value();
            TopUpRow topUp = topUps.get(id);
            if (topUp == null) {
                throw new IllegalStateException("top-up " + id + " settled before it was requested");
            }
            TopUpRow settledTopUp = topUp.settled(settled.settledBy(), settled.settledAt());
            topUps.put(id, settledTopUp);
            changedTopUps.put(id, settledTopUp);
            WalletRow after = wallet.settleTopUp(settled.amount(), settled.settledAt(), sequence);
            newTransactions.add(FundingTransactionRow.credit(id, after.mode(), settled.amount(),
                    settled.description(), settled.settledAt(), globalPosition));
            return after;
        }
        if (event instanceof FundsReservedEvent reserved) {
            long total = reserved.reservations().stream().mapToLong(Reservation::amount).sum();
            return wallet.reserve(total, reserved.reservedAt(), sequence);
        }
        if (event instanceof ReturnedFundsCreditedEvent credited) {
            WalletRow after = wallet.creditReturn(credited.amount(), credited.creditedAt(), sequence);
            newTransactions.add(FundingTransactionRow.returnCredit(credited, after.mode(), globalPosition));
            return after;
        }
        FundsReleasedEvent released = (FundsReleasedEvent) event;
        return wallet.returnFunds(released.amount(), released.releasedAt(), sequence);
    }

    /**
     * A payout event, not a wallet event: the reservation is debited for good, once per completion. A payout's first
     * completion makes the debit named by the payout alone; one completed again after a return and a retry
     * (ADR-0034) is another debit, named by the completion's place in the payout's stream. A redelivered completion
     * finds its debit stored and moves no money.
     */
    private void debit(PayoutCompletedEvent completed, long sequence, long globalPosition, Instant storedAt) {
        String first = FundingTransactionRow.debitIdOf(completed.payoutId());
        Long firstAt = storedDebits.get(first);
        String debitId = firstAt == null || firstAt == globalPosition ? first
                : FundingTransactionRow.debitIdOf(completed.payoutId(), sequence);
        if (storedDebits.putIfAbsent(debitId, globalPosition) != null) {
            return;
        }
        String walletId = WalletId.of(completed.mode()).value();
        WalletRow wallet = wallets.get(walletId);
        if (wallet == null) {
            throw new IllegalStateException("payout " + completed.payoutId() + " completed, but wallet " + walletId
                    + " is not projected");
        }
        WalletRow after = wallet.debit(completed.amount(), completed.completedAt());
        put(after);
        movements.add(WalletMovement.between(wallet, after, globalPosition, storedAt));
        newTransactions.add(FundingTransactionRow.debit(debitId, completed.payoutId(), after.mode(),
                completed.amount(), completed.amount() - completed.netAmount(), completed.completedAt(),
                globalPosition));
    }

    private void put(WalletRow wallet) {
        wallets.put(wallet.id(), wallet);
        changedWallets.add(wallet.id());
    }

    Collection<WalletRow> changedWallets() {
        return changedWallets.stream().map(wallets::get).toList();
    }

    Collection<TopUpRow> changedTopUps() {
        return changedTopUps.values();
    }

    List<FundingTransactionRow> newTransactions() {
        return newTransactions;
    }

    List<WalletMovement> movements() {
        return movements;
    }
}
