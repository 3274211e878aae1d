package io.payouts.query.wallet;

import io.payouts.query.batch.ScheduledBatchOutflow;
import io.payouts.query.consistency.ListCatchUp;
import io.payouts.query.payout.InFlightPayouts;
import io.payouts.shared.eventhandling.ProcessingGroups;
import io.payouts.shared.wallet.FindFundingProjectionQuery;
import io.payouts.shared.wallet.FindFundingStatementQuery;
import io.payouts.shared.wallet.FindFundingTransactionsQuery;
import io.payouts.shared.wallet.FindWalletBalanceQuery;
import io.payouts.shared.wallet.FundingProjection;
import io.payouts.shared.wallet.FundingStatement;
import io.payouts.shared.wallet.FundingTransactionPage;
import io.payouts.shared.wallet.WalletBalance;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.stereotype.Component;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Balance, top-ups, funding transactions and the funding projection of the caller's mode. */
@Component
class WalletQueryHandler {

    private final WalletRows wallets;
    private final FundingTransactionRows transactions;
    private final FundingStatements statements;
    private final InFlightPayouts inFlightPayouts;
    private final ScheduledBatchOutflow scheduledBatches;
    private final ListCatchUp catchUp;

    WalletQueryHandler(WalletRows wallets, FundingTransactionRows transactions, FundingStatements statements,
                       InFlightPayouts inFlightPayouts, ScheduledBatchOutflow scheduledBatches, ListCatchUp catchUp) {
        this.catchUp = catchUp;
        this.wallets = wallets;
        this.transactions = transactions;
        this.statements = statements;
        this.inFlightPayouts = inFlightPayouts;
        this.scheduledBatches = scheduledBatches;
    }

    /** A mode whose wallet was never opened has an empty one. */
    @QueryHandler
    WalletBalance handle(FindWalletBalanceQuery query) {
        catchUp.await(ProcessingGroups.WALLET_PROJECTION);
        return wallets.of(query.mode()).map(WalletRow::toBalance).orElse(WalletBalance.EMPTY);
    }

    /** Newest first, in the stream's order; a null type lists credits and debits, a null date every day. */
    @QueryHandler
    FundingTransactionPage handle(FindFundingTransactionsQuery query) {
        catchUp.await(ProcessingGroups.WALLET_PROJECTION);
        return new FundingTransactionPage(transactions.page(query.mode(), query.type(), query.date(),
                query.pageRequest()));
    }

    /** A line per UTC day of the range, on the ledger the funding transactions move (ADR-0042). */
    @QueryHandler
    FundingStatement handle(FindFundingStatementQuery query) {
        catchUp.await(ProcessingGroups.WALLET_PROJECTION);
        return statements.of(query.mode(), query.from(), query.to());
    }

    /**
     * currentBalance: the funds held (available + in transit). projectedOutflow: the mode's payouts not yet
     * completed (validated, queued, processing), due today, plus the queued batches due in the window, each on its
     * scheduled day ({@link ScheduledBatchOutflow}).
     */
    @QueryHandler
    FundingProjection handle(FindFundingProjectionQuery query) {
        catchUp.await(ProcessingGroups.WALLET_PROJECTION, ProcessingGroups.PAYOUT_PROJECTION,
                ProcessingGroups.BATCH_PROJECTION);
        long currentBalance = wallets.of(query.mode()).map(WalletRow::ledger).orElse(0L);
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
}
