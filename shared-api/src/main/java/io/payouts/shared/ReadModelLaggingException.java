package io.payouts.shared;

import java.util.Map;

/**
 * A write was stored, but its read model did not show it within the read-your-writes timeout (ADR-0018).
 * The write stands; the client may read it again shortly.
 */
public class ReadModelLaggingException extends DomainException {

    public ReadModelLaggingException(String resourceId) {
        super(ErrorCode.UNAVAILABLE, "the change to " + resourceId + " is stored but not yet readable; read it again shortly",
                Map.of("id", resourceId));
    }
}
