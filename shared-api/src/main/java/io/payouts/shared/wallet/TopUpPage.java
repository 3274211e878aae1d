package io.payouts.shared.wallet;

import io.payouts.shared.ResultPage;

/** A page of top-ups, newest first; a concrete type because Axon matches query responses by class. */
public record TopUpPage(ResultPage<TopUp> page) {
}
