package io.payouts.service.http;

import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;

/**
 * A write that was sent but whose outcome did not come back: a 503 that names what the write may have stored
 * ({@link PendingWrite}), unlike a 503 that refused the write before anything ran.
 */
public abstract class OutcomeUnknownException extends DomainException {

    /** @param situation what did not answer, without advice: the edge adds what to check before writing again */
    protected OutcomeUnknownException(String situation) {
        super(ErrorCode.UNAVAILABLE, situation);
    }
}
