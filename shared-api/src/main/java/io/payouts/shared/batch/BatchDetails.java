package io.payouts.shared.batch;

import io.payouts.shared.payout.PayoutSummary;

import java.util.List;

/** A batch with its payouts, canceled ones included. */
public record BatchDetails(BatchSummary batch, List<PayoutSummary> payouts) {

    public BatchDetails {
        payouts = List.copyOf(payouts);
    }
}
