package io.payouts.query.wallet;

import io.payouts.query.consistency.ProjectionProgress;
import io.payouts.shared.payout.PayoutCompletedEvent;
import io.payouts.shared.wallet.FundsReleasedEvent;
import io.payouts.shared.wallet.FundsReservedEvent;
import io.payouts.shared.wallet.Reservation;
import io.payouts.shared.wallet.TopUpRequestedEvent;
import io.payouts.shared.wallet.TopUpSettledEvent;
import io.payouts.shared.wallet.WalletId;
import io.payouts.shared.wallet.WalletOpenedEvent;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.springframework.stereotype.Component;

import java.util.function.Consumer;

/**
 * Keeps the wallet balances, top-ups and funding transactions in step with the wallets' streams and the payouts'
 * completions. One processor with one segment (application.yml), so events apply in global order: a payout's
 * reservation before its completion, and every transaction's balance is the ledger right after it.
 *
 * <p>Idempotent: a wallet event applies only above the row's {@code wallet_version}, and the top-up and
 * transaction rows it writes commit with that version. A completion applies only if its debit row (whose id
 * derives from the payout id) is not there yet. Every wallet event, applied or skipped, is announced after commit
 * as (wallet id, sequence), so balance and top-up reads can wait on the wallet's version (ADR-0005).
 *
 * <p>What holds after every event, per mode: credits - debits - in transit = available, and
 * ledger = available + in transit.
 */
@Component
@ProcessingGroup(WalletProjection.PROCESSING_GROUP)
class WalletProjection {

    static final String PROCESSING_GROUP = "wallet-projection";

    private final WalletBalanceViewRepository wallets;
    private final TopUpViewRepository topUps;
    private final FundingTransactionViewRepository transactions;
    private final ProjectionProgress progress;

    WalletProjection(WalletBalanceViewRepository wallets, TopUpViewRepository topUps,
                     FundingTransactionViewRepository transactions, ProjectionProgress progress) {
        this.wallets = wallets;
        this.topUps = topUps;
        this.transactions = transactions;
        this.progress = progress;
    }

    @EventHandler
    void on(WalletOpenedEvent event, @SequenceNumber long sequence) {
        String id = event.walletId().value();
        if (!wallets.existsById(id)) {
            wallets.save(new WalletBalanceView(id, event.mode(), event.openedAt(), sequence));
        }
        progress.announceAfterCommit(id, sequence);
    }

    @EventHandler
    void on(TopUpRequestedEvent event, @SequenceNumber long sequence) {
        apply(event.walletId(), sequence, wallet -> {
            wallet.requestTopUp(event.amount(), event.requestedAt(), sequence);
            String id = event.transactionId().value();
            if (!topUps.existsById(id)) {
                topUps.save(new TopUpView(id, event.mode(), event.amount(), event.description(), event.method(),
                        event.requestedAt()));
            }
        });
    }

    /** A credit: the amount moves from pending to available, and the ledger grows by it. */
    @EventHandler
    void on(TopUpSettledEvent event, @SequenceNumber long sequence) {
        apply(event.walletId(), sequence, wallet -> {
            String id = event.transactionId().value();
            TopUpView topUp = topUps.findById(id)
                    .orElseThrow(() -> new IllegalStateException("top-up " + id + " settled before it was requested"));
            topUp.settle(event.settledBy(), event.settledAt());
            topUps.save(topUp);
            long position = wallet.settleTopUp(event.amount(), event.settledAt(), sequence);
            transactions.save(FundingTransactionView.credit(id, event.mode(), event.amount(), wallet.ledger(),
                    event.description(), event.settledAt(), position));
        });
    }

    /** One event per admitted batch: available drops by the sum of its reservations, in transit grows by it. */
    @EventHandler
    void on(FundsReservedEvent event, @SequenceNumber long sequence) {
        long total = event.reservations().stream().mapToLong(Reservation::amount).sum();
        apply(event.walletId(), sequence, wallet -> wallet.reserve(total, event.reservedAt(), sequence));
    }

    /** A failed or canceled payout's reservation goes back to available. */
    @EventHandler
    void on(FundsReleasedEvent event, @SequenceNumber long sequence) {
        apply(event.walletId(), sequence, wallet -> wallet.release(event.amount(), event.releasedAt(), sequence));
    }

    /**
     * A payout event, not a wallet event: the reservation is debited for good. The wallet's version stays; the
     * debit row, whose id derives from the payout id, is what makes a second delivery change nothing.
     */
    @EventHandler
    void on(PayoutCompletedEvent event) {
        String debitId = FundingTransactionView.debitIdOf(event.payoutId());
        if (transactions.existsById(debitId)) {
            return;
        }
        String walletId = WalletId.of(event.mode()).value();
        WalletBalanceView wallet = wallets.findById(walletId).orElseThrow(() -> new IllegalStateException(
                "payout " + event.payoutId() + " completed, but wallet " + walletId + " is not projected"));
        long position = wallet.debit(event.amount(), event.completedAt());
        wallets.save(wallet);
        transactions.save(FundingTransactionView.debit(event.payoutId(), event.mode(), event.amount(),
                wallet.ledger(), event.completedAt(), position));
    }

    @ResetHandler
    void onReset() {
        transactions.deleteAllInBatch();
        topUps.deleteAllInBatch();
        wallets.deleteAllInBatch();
    }

    private void apply(WalletId walletId, long sequence, Consumer<WalletBalanceView> change) {
        String id = walletId.value();
        WalletBalanceView wallet = wallets.findById(id)
                .orElseThrow(() -> new IllegalStateException("wallet " + id + " changed before it was opened"));
        if (!wallet.hasApplied(sequence)) {
            change.accept(wallet);
            wallets.save(wallet);
        }
        progress.announceAfterCommit(id, sequence);
    }
}
