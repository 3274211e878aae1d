package io.payouts.service.access;

import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;

/** Wrong e-mail, wrong password or a disabled user: deliberately indistinguishable. */
class InvalidCredentialsException extends DomainException {

    InvalidCredentialsException() {
        super(ErrorCode.UNAUTHORIZED, "invalid e-mail or password");
    }
}
