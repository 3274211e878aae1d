package io.payouts.shared.wallet;

import io.payouts.shared.Mode;
import io.payouts.shared.PageRequest;

import java.time.LocalDate;

/**
 * A page of the mode's funding transactions, newest first; a null type matches both, a null date every day. A date
 * keeps the transactions dated that UTC day: those a statement's line of that day counts (ADR-0042).
 */
public record FindFundingTransactionsQuery(Mode mode, TransactionType type, LocalDate date, PageRequest pageRequest) {

    public FindFundingTransactionsQuery(Mode mode, TransactionType type, PageRequest pageRequest) {
        this(mode, type, null, pageRequest);
    }
}
