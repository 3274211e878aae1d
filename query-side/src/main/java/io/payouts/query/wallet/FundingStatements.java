package io.payouts.query.wallet;

import io.payouts.shared.Mode;
import io.payouts.shared.wallet.FundingStatement;
import io.payouts.shared.wallet.FundingStatementLine;
import io.payouts.shared.wallet.TransactionId;
import org.springframework.stereotype.Component;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * A mode's funding statement (ADR-0042): a line for every day of the range, a day without transactions too, each
 * opening at the close of the day before.
 */
@Component
class FundingStatements {

    private final FundingStatementRows rows;

    FundingStatements(FundingStatementRows rows) {
        this.rows = rows;
    }

    FundingStatement of(Mode mode, LocalDate from, LocalDate to) {
        FundingStatementRows.DatedTotals totals = rows.totals(mode, from, to);
        Map<Long, String> ids = rows.idsAt(mode, totals.days().values().stream()
                .flatMap(day -> Stream.of(day.firstPosition(), day.lastPosition()))
                .filter(Objects::nonNull).toList());
        long opening = totals.openingBalance();
        long balance = opening;
        List<FundingStatementLine> lines = new ArrayList<>();
        for (LocalDate date = from; !date.isAfter(to); date = date.plusDays(1)) {
            DayTotals day = totals.days().getOrDefault(date, DayTotals.NONE);
            long closing = balance + day.net();
            lines.add(new FundingStatementLine(date, balance, day.topUps(), day.topUpCount(), day.payoutsPaid(),
                    day.payoutCount(), day.fees(), day.returned(), day.returnedCount(), closing,
                    day.transactionCount(), idAt(ids, day.firstPosition()), idAt(ids, day.lastPosition())));
            balance = closing;
        }
        return FundingStatement.of(from, to, opening, lines);
    }

    private static TransactionId idAt(Map<Long, String> ids, Long position) {
        return position == null ? null : new TransactionId(ids.get(position));
    }
}
