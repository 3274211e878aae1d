package io.payouts.service.sandbox;

import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;

import java.util.Map;

/**
 * The events are in Axon Server, which keeps them: deleting the sandbox's read models alone would leave its wallet
 * with money its read model no longer shows, and stop the wallet projection for both modes (issue #17). Nothing is
 * deleted.
 */
class SandboxResetUnsupportedException extends DomainException {

    SandboxResetUnsupportedException() {
        super(ErrorCode.INVALID_STATE, "the sandbox cannot be reset while events are stored in Axon Server; nothing "
                + "was deleted", Map.of("eventStore", "axonserver"));
    }
}
