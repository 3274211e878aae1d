package io.payouts.service.http;

import io.payouts.shared.ErrorCode;
import org.springframework.http.HttpStatus;

import java.util.EnumMap;
import java.util.Map;

/** The one table that pairs each error code with its HTTP status (decisions.md, Errors). */
public final class ErrorStatus {

    private static final Map<ErrorCode, HttpStatus> STATUS = new EnumMap<>(Map.ofEntries(
            Map.entry(ErrorCode.VALIDATION_ERROR, HttpStatus.BAD_REQUEST),
            Map.entry(ErrorCode.INVALID_REQUEST, HttpStatus.BAD_REQUEST),
            Map.entry(ErrorCode.INVALID_SCOPES, HttpStatus.BAD_REQUEST),
            Map.entry(ErrorCode.INSUFFICIENT_FUNDS, HttpStatus.BAD_REQUEST),
            Map.entry(ErrorCode.UNAUTHORIZED, HttpStatus.UNAUTHORIZED),
            Map.entry(ErrorCode.FORBIDDEN, HttpStatus.FORBIDDEN),
            Map.entry(ErrorCode.NOT_FOUND, HttpStatus.NOT_FOUND),
            Map.entry(ErrorCode.KEY_NOT_FOUND, HttpStatus.NOT_FOUND),
            Map.entry(ErrorCode.CONFLICT, HttpStatus.CONFLICT),
            Map.entry(ErrorCode.INVALID_STATE, HttpStatus.CONFLICT),
            Map.entry(ErrorCode.IDEMPOTENCY_CONFLICT, HttpStatus.CONFLICT),
            Map.entry(ErrorCode.REVOKE_FAILED, HttpStatus.CONFLICT),
            Map.entry(ErrorCode.DRIVER_NOT_PAYABLE, HttpStatus.UNPROCESSABLE_ENTITY),
            Map.entry(ErrorCode.RATE_LIMITED, HttpStatus.TOO_MANY_REQUESTS),
            Map.entry(ErrorCode.INTERNAL_ERROR, HttpStatus.INTERNAL_SERVER_ERROR),
            Map.entry(ErrorCode.UNAVAILABLE, HttpStatus.SERVICE_UNAVAILABLE)));

    /** A 503 tells the client to come back in a second: what made it unavailable is brief by design. */
    public static final String RETRY_AFTER_SECONDS = "1";

    /** A 429's detail with the seconds to wait, which the answer also sends as Retry-After (ADR-0008). */
    public static final String RETRY_AFTER_DETAIL = "retryAfter";

    private ErrorStatus() {
    }

    public static HttpStatus of(ErrorCode code) {
        return STATUS.get(code);
    }
}
