package io.payouts.shared;

import java.util.Map;

/** A single request field breaks a rule of its value type. */
public class InvalidFieldException extends DomainException {

    public InvalidFieldException(String field, String problem) {
        super(ErrorCode.VALIDATION_ERROR, field + ": " + problem, Map.of(field, problem));
    }
}
