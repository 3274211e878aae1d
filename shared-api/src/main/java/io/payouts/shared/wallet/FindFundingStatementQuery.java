package io.payouts.shared.wallet;

import io.payouts.shared.InvalidFieldException;
import io.payouts.shared.Mode;

import java.time.LocalDate;
import java.time.temporal.ChronoUnit;

/** The mode's funding statement from {@code from} to {@code to}, both included, a line per UTC day (ADR-0042). */
public record FindFundingStatementQuery(Mode mode, LocalDate from, LocalDate to) {

    /** A leap year's days: a year's statement in one answer. */
    public static final int MAX_DAYS = 366;

    public FindFundingStatementQuery {
        if (from == null) {
            throw new InvalidFieldException("from", "is required, as YYYY-MM-DD");
        }
        if (to == null) {
            throw new InvalidFieldException("to", "is required, as YYYY-MM-DD");
        }
        if (to.isBefore(from)) {
            throw new InvalidFieldException("to", "must not be before from");
        }
        if (ChronoUnit.DAYS.between(from, to) >= MAX_DAYS) {
            throw new InvalidFieldException("to", "must be at most " + MAX_DAYS + " days from from, both included");
        }
    }
}
