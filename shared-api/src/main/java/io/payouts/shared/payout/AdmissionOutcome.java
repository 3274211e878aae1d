package io.payouts.shared.payout;

import io.payouts.shared.DomainException;

import java.util.Map;

/** One admitted or refused payout of a batch; a refusal carries the exception the caller gets. */
public record AdmissionOutcome(PayoutId payoutId, DomainException refusal) {

    public static AdmissionOutcome admitted(PayoutId payoutId) {
        return new AdmissionOutcome(payoutId, null);
    }

    public boolean admitted() {
        return refusal == null;
    }

    /** The outcomes of one batch, by payout. */
    public record Batch(Map<PayoutId, AdmissionOutcome> outcomes) {
    }
}
