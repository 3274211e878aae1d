package io.payouts.shared;

import java.util.Map;
import java.util.Objects;

/**
 * A rule's refusal as data: what a command handler answers for one item it would not do, while it does the others
 * (a payout of an admission, a move of the rail). Plain data crosses any command bus and serializer, where an
 * exception object inside a result would not.
 */
public record Refusal(ErrorCode code, String message, Map<String, String> details) {

    public Refusal {
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(message, "message");
        details = details == null ? Map.of() : Map.copyOf(details);
    }

    public static Refusal of(DomainException refusal) {
        return new Refusal(refusal.code(), refusal.getMessage(), refusal.details());
    }

    /** The refusal as the exception the edge maps to its error envelope. */
    public DomainException toException() {
        return new RefusedException(this);
    }

    /** A refusal that arrived as data, thrown where the caller deals in exceptions. */
    public static final class RefusedException extends DomainException {

        private RefusedException(Refusal refusal) {
            super(refusal.code(), refusal.message(), refusal.details());
        }
    }
}
