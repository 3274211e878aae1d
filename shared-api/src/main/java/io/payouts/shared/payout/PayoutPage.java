package io.payouts.shared.payout;

import io.payouts.shared.ResultPage;

/** A page of payouts; a concrete type because Axon matches query responses by class, not by generic type. */
public record PayoutPage(ResultPage<PayoutSummary> page) {
}
