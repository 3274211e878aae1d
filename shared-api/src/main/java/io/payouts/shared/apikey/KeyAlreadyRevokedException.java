package io.payouts.shared.apikey;

import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;

/** A revoke of a key that is already revoked: the spec's REVOKE_FAILED (409). */
public class KeyAlreadyRevokedException extends DomainException {

    public KeyAlreadyRevokedException(String keyId) {
        super(ErrorCode.REVOKE_FAILED, "API key " + keyId + " is already revoked");
    }
}
