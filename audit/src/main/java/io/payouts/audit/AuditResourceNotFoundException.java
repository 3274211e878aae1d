package io.payouts.audit;

import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;

/** No event, or no top-up, with this id in the caller's mode (ADR-0004: unknown, malformed and other-mode alike). */
public class AuditResourceNotFoundException extends DomainException {

    public AuditResourceNotFoundException(String what, String id) {
        super(ErrorCode.NOT_FOUND, what + " " + id + " not found");
    }
}
