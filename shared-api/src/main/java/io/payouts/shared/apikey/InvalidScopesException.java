package io.payouts.shared.apikey;

import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;

import java.util.Collection;
import java.util.Map;

/** A key request named scopes that do not exist. */
public class InvalidScopesException extends DomainException {

    public InvalidScopesException(Collection<String> unknown) {
        super(ErrorCode.INVALID_SCOPES, "unknown scopes: " + String.join(", ", unknown),
                Map.of("scopes", "unknown: " + String.join(", ", unknown)));
    }
}
