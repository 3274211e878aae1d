package io.payouts.service.wallet;

import io.payouts.shared.Money;
import io.payouts.shared.wallet.FundingStatement;
import io.payouts.shared.wallet.FundingStatementLine;
import io.payouts.shared.wallet.TransactionId;

import java.time.LocalDate;
import java.util.List;

/**
 * A funding statement as the API answers it (ADR-0042): cents, on the ledger (available plus in transit), a line per
 * UTC day from {@code from} to {@code to}, and the range's totals.
 */
record StatementResponse(LocalDate from, LocalDate to, String currency, long openingBalance, long topUps,
                         long payoutsPaid, long fees, long returned, long closingBalance, List<StatementLine> lines) {

    static StatementResponse of(FundingStatement statement) {
        return new StatementResponse(statement.from(), statement.to(), Money.CURRENCY, statement.openingBalance(),
                statement.topUps(), statement.payoutsPaid(), statement.fees(), statement.returned(),
                statement.closingBalance(), statement.lines().stream().map(StatementLine::of).toList());
    }

    /**
     * One day: {@code closingBalance = openingBalance + topUps - payoutsPaid + returned}; {@code fees} are inside
     * {@code payoutsPaid}. The first and last transactions are the day's in the stream's order, null on a quiet day;
     * {@code GET /api/v1/funding/transactions?date=} lists them all.
     */
    record StatementLine(LocalDate date, long openingBalance, long topUps, long topUpCount, long payoutsPaid,
                         long payoutCount, long fees, long returned, long returnedCount, long closingBalance,
                         long transactionCount, String firstTransactionId, String lastTransactionId) {

        static StatementLine of(FundingStatementLine line) {
            return new StatementLine(line.date(), line.openingBalance(), line.topUps(), line.topUpCount(),
                    line.payoutsPaid(), line.payoutCount(), line.fees(), line.returned(), line.returnedCount(),
                    line.closingBalance(), line.transactionCount(), value(line.firstTransactionId()),
                    value(line.lastTransactionId()));
        }

        private static String value(TransactionId id) {
            return id == null ? null : id.value();
        }
    }
}
