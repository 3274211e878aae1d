package io.payouts.shared.wallet;

import io.payouts.shared.Mode;
import io.payouts.shared.PageRequest;

/** A page of the mode's funding transactions, newest first; a null type matches both. */
public record FindFundingTransactionsQuery(Mode mode, TransactionType type, PageRequest pageRequest) {
}
