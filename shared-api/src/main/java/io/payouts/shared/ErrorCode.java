package io.payouts.shared;

/** Stable, machine-readable error codes of the API; the HTTP status for each is fixed at the edge. */
public enum ErrorCode {
    VALIDATION_ERROR,
    INVALID_REQUEST,
    INVALID_SCOPES,
    INSUFFICIENT_FUNDS,
    UNAUTHORIZED,
    FORBIDDEN,
    NOT_FOUND,
    KEY_NOT_FOUND,
    CONFLICT,
    INVALID_STATE,
    IDEMPOTENCY_CONFLICT,
    REVOKE_FAILED,
    DRIVER_NOT_PAYABLE,
    RATE_LIMITED,
    INTERNAL_ERROR,
    UNAVAILABLE
}
