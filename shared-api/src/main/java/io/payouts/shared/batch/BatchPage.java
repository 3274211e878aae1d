package io.payouts.shared.batch;

import io.payouts.shared.ResultPage;

/** A page of batches; a concrete type because Axon matches query responses by class, not by generic type. */
public record BatchPage(ResultPage<BatchSummary> page) {
}
