package io.payouts.sandbox;

import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;

/** A sandbox command arrived while the sandbox is being reset (ADR-0015): it would belong to the world being cleared. */
class SandboxResetInProgressException extends DomainException {

    SandboxResetInProgressException() {
        super(ErrorCode.UNAVAILABLE, "the sandbox is being reset; retry in a moment");
    }
}
