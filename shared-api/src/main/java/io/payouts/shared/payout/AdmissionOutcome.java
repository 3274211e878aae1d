package io.payouts.shared.payout;

import io.payouts.shared.Refusal;

import java.util.List;
import java.util.Objects;

/** One payout of an admission: admitted, or refused with the reason, as data (ADR-0011). */
public record AdmissionOutcome(PayoutId payoutId, Refusal refusal) {

    public AdmissionOutcome {
        Objects.requireNonNull(payoutId, "payoutId");
    }

    public static AdmissionOutcome admitted(PayoutId payoutId) {
        return new AdmissionOutcome(payoutId, null);
    }

    public static AdmissionOutcome refused(PayoutId payoutId, Refusal refusal) {
        return new AdmissionOutcome(payoutId, Objects.requireNonNull(refusal, "refusal"));
    }

    public boolean admitted() {
        return refusal == null;
    }

    /**
     * The answer to an {@link AdmitPayoutsCommand}: one outcome per entry of the command, in its order, new payouts
     * first and retries after them; an entry repeated in the command has an outcome of its own.
     */
    public record Outcomes(List<AdmissionOutcome> outcomes) {

        public Outcomes {
            outcomes = List.copyOf(outcomes);
        }

        public AdmissionOutcome get(int entry) {
            return outcomes.get(entry);
        }
    }
}
