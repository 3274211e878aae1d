package io.payouts.sandbox;

import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;

/** The sample world is planted once: a second seed would register every sample driver twice. */
class SandboxAlreadySeededException extends DomainException {

    SandboxAlreadySeededException() {
        super(ErrorCode.CONFLICT, "the sandbox already holds the sample data; reset it (POST /api/v1/sandbox/reset) "
                + "to plant it again");
    }
}
