package io.payouts.query.wallet;

import io.payouts.query.batch.ScheduledBatchOutflow;
import io.payouts.query.consistency.ProjectionProgress;
import io.payouts.query.payout.InFlightPayouts;
import io.payouts.shared.ResultPage;
import io.payouts.shared.wallet.FindFundingProjectionQuery;
import io.payouts.shared.wallet.FindFundingTransactionsQuery;
import io.payouts.shared.wallet.FindTopUpQuery;
import io.payouts.shared.wallet.FindWalletBalanceQuery;
import io.payouts.shared.wallet.FundingProjection;
import io.payouts.shared.wallet.FundingTransactionPage;
import io.payouts.shared.wallet.TopUp;
import io.payouts.shared.wallet.WalletBalance;
import io.payouts.shared.wallet.WalletId;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Sort;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Balance, top-ups, funding transactions and the funding projection of the caller's mode. Reads that carry a
 * wallet version wait for the wallet projection to reach it (ADR-0005); the version is the sequence number of
 * the wallet's stream, whose aggregate id is {@link WalletId#of} the mode ({@code wallet_sandbox}).
 */
@Component
class WalletQueryHandler {

    private static final Sort NEWEST_FIRST = Sort.by(Sort.Order.desc("position"));

    private final WalletBalanceViewRepository wallets;
    private final TopUpViewRepository topUps;
    private final FundingTransactionViewRepository transactions;
    private final InFlightPayouts inFlightPayouts;
    private final ScheduledBatchOutflow scheduledBatches;
    private final ProjectionProgress progress;
    private final Duration readYourWritesTimeout;

    WalletQueryHandler(WalletBalanceViewRepository wallets, TopUpViewRepository topUps,
                       FundingTransactionViewRepository transactions, InFlightPayouts inFlightPayouts,
                       ScheduledBatchOutflow scheduledBatches, ProjectionProgress progress,
                       @Value("${payouts.read-your-writes.timeout:10s}") Duration readYourWritesTimeout) {
        this.wallets = wallets;
        this.topUps = topUps;
        this.transactions = transactions;
        this.inFlightPayouts = inFlightPayouts;
        this.scheduledBatches = scheduledBatches;
        this.progress = progress;
        this.readYourWritesTimeout = readYourWritesTimeout;
    }

    /** A mode whose wallet was never opened has an empty one. */
    @QueryHandler
    WalletBalance handle(FindWalletBalanceQuery query) {
        String walletId = WalletId.of(query.mode()).value();
        awaitWallet(walletId, query.minWalletVersion(), walletId);
        return wallets.findById(walletId).map(WalletBalanceView::toBalance).orElse(WalletBalance.EMPTY);
    }

    @QueryHandler
    TopUp handle(FindTopUpQuery query) {
        String id = query.transactionId().value();
        awaitWallet(WalletId.of(query.mode()).value(), query.minWalletVersion(), id);
        return topUps.findByIdAndMode(id, query.mode())
                .map(TopUpView::toTopUp)
                .orElseThrow(() -> new TopUpNotFoundException(id));
    }

    /** Newest first, in the order the transactions were applied; a null type lists credits and debits. */
    @QueryHandler
    FundingTransactionPage handle(FindFundingTransactionsQuery query) {
        Pageable pageable = org.springframework.data.domain.PageRequest.of(
                query.pageRequest().page() - 1, query.pageRequest().pageSize(), NEWEST_FIRST);
        Page<FundingTransactionView> page = query.type() == null
                ? transactions.findByMode(query.mode(), pageable)
                : transactions.findByModeAndType(query.mode(), query.type(), pageable);
        return new FundingTransactionPage(new ResultPage<>(page.map(FundingTransactionView::toTransaction).getContent(),
                page.getTotalElements(), query.pageRequest().page(), query.pageRequest().pageSize()));
    }

    /**
     * currentBalance: the funds held (available + in transit). projectedOutflow: the mode's payouts not yet
     * completed (validated, queued, processing), due today, plus the queued batches due in the window, each on its
     * scheduled day ({@link ScheduledBatchOutflow}).
     */
    @QueryHandler
    FundingProjection handle(FindFundingProjectionQuery query) {
        long currentBalance = wallets.findById(WalletId.of(query.mode()).value())
                .map(WalletBalanceView::ledger)
                .orElse(0L);
        LocalDate today = query.today() != null ? query.today() : LocalDate.now(ZoneOffset.UTC);
        Map<LocalDate, Long> batchesDue = scheduledBatches.dueBetween(query.mode(), today,
                today.plusDays(query.days() - 1L));
        long inFlight = inFlightPayouts.amount(query.mode());
        long outflow = inFlight;
        List<FundingProjection.DailyOutflow> days = new ArrayList<>(query.days());
        for (int day = 0; day < query.days(); day++) {
            LocalDate date = today.plusDays(day);
            long due = batchesDue.getOrDefault(date, 0L) + (day == 0 ? inFlight : 0);
            days.add(new FundingProjection.DailyOutflow(date, due));
            outflow += batchesDue.getOrDefault(date, 0L);
        }
        return new FundingProjection(currentBalance, currentBalance - outflow, outflow, days);
    }

    /** @param resourceId what a lagging answer names in {@code details.id} */
    private void awaitWallet(String walletId, long minWalletVersion, String resourceId) {
        progress.requireApplied(walletId, minWalletVersion,
                () -> wallets.findWalletVersionById(walletId).orElse(-1L), readYourWritesTimeout, resourceId);
    }
}
