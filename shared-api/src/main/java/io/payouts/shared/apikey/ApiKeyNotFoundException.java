package io.payouts.shared.apikey;

import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;

/** No key with this id exists for the caller (a developer sees only their own keys). */
public class ApiKeyNotFoundException extends DomainException {

    public ApiKeyNotFoundException(String keyId) {
        super(ErrorCode.KEY_NOT_FOUND, "API key " + keyId + " not found");
    }
}
