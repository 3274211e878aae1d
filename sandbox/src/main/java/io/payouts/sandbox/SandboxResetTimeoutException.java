package io.payouts.sandbox;

import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;

import java.util.List;
import java.util.Map;

/** The event processors did not catch up in time, so nothing was reset: a later reset may succeed. */
class SandboxResetTimeoutException extends DomainException {

    SandboxResetTimeoutException(List<String> behind) {
        super(ErrorCode.UNAVAILABLE, "the sandbox could not be reset now: event processing is behind; nothing was"
                + " deleted, retry in a moment", Map.of("behind", String.join(", ", behind)));
    }
}
