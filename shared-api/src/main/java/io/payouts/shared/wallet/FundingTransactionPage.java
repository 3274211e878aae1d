package io.payouts.shared.wallet;

import io.payouts.shared.ResultPage;

/** A page of funding transactions, newest first; a concrete type because Axon matches query responses by class. */
public record FundingTransactionPage(ResultPage<FundingTransaction> page) {
}
