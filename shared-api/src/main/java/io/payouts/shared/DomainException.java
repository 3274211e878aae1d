package io.payouts.shared;

import java.util.Map;

/** Base of every rule violation the API reports; the edge maps {@link #code()} to an HTTP status. */
public abstract class DomainException extends RuntimeException {

    private final ErrorCode code;
    private final Map<String, String> details;

    protected DomainException(ErrorCode code, String message) {
        this(code, message, Map.of());
    }

    protected DomainException(ErrorCode code, String message, Map<String, String> details) {
        super(message);
        this.code = code;
        this.details = Map.copyOf(details);
    }

    public ErrorCode code() {
        return code;
    }

    /** Offending fields (or other context) by name. */
    public Map<String, String> details() {
        return details;
    }
}
