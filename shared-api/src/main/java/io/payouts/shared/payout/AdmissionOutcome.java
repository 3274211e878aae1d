package io.payouts.shared.payout;

import io.payouts.shared.Refusal;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * One payout of an admission, as data (ADR-0011): admitted at {@code decidedAt}, to the driver named
 * {@code driverName}, or refused with the reason. What the admitted payout's answer needs besides its request, so that
 * the answer never waits for a read model (ADR-0018). An admitted payout above the mode's approval threshold
 * ({@code approvalThreshold}, null otherwise) waits for a second person with nothing reserved (ADR-0046).
 */
public record AdmissionOutcome(PayoutId payoutId, Refusal refusal, String driverName, Instant decidedAt,
                               Long approvalThreshold) {

    public AdmissionOutcome {
        Objects.requireNonNull(payoutId, "payoutId");
    }

    public static AdmissionOutcome admitted(PayoutId payoutId, String driverName, Instant decidedAt) {
        return new AdmissionOutcome(payoutId, null, driverName, Objects.requireNonNull(decidedAt, "decidedAt"), null);
    }

    public static AdmissionOutcome awaitingApproval(PayoutId payoutId, String driverName, Instant decidedAt,
                                                    long threshold) {
        return new AdmissionOutcome(payoutId, null, driverName, Objects.requireNonNull(decidedAt, "decidedAt"),
                threshold);
    }

    public static AdmissionOutcome refused(PayoutId payoutId, Refusal refusal) {
        return new AdmissionOutcome(payoutId, Objects.requireNonNull(refusal, "refusal"), null, null, null);
    }

    public boolean admitted() {
        return refusal == null;
    }

    public boolean awaitsApproval() {
        return approvalThreshold != null;
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
