package io.payouts.shared;

/** The resource exists but its current state does not allow the requested move. */
public class InvalidStateException extends DomainException {

    public InvalidStateException(String message) {
        super(ErrorCode.INVALID_STATE, message);
    }
}
