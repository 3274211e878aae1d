package io.payouts.shared.wallet;

import java.time.LocalDate;
import java.util.List;

/**
 * The wallet's funding statement from {@code from} to {@code to} (ADR-0042): a line per UTC day, each opening at the
 * previous one's close, and the range's totals.
 */
public record FundingStatement(LocalDate from, LocalDate to, long openingBalance, long topUps, long payoutsPaid,
                               long fees, long returned, long closingBalance, List<FundingStatementLine> lines) {

    public FundingStatement {
        lines = List.copyOf(lines);
    }

    /** The statement of these consecutive lines, its totals their sums. */
    public static FundingStatement of(LocalDate from, LocalDate to, long openingBalance,
                                      List<FundingStatementLine> lines) {
        long closing = lines.isEmpty() ? openingBalance : lines.get(lines.size() - 1).closingBalance();
        return new FundingStatement(from, to, openingBalance,
                lines.stream().mapToLong(FundingStatementLine::topUps).sum(),
                lines.stream().mapToLong(FundingStatementLine::payoutsPaid).sum(),
                lines.stream().mapToLong(FundingStatementLine::fees).sum(),
                lines.stream().mapToLong(FundingStatementLine::returned).sum(), closing, lines);
    }
}
