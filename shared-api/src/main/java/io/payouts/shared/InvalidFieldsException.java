package io.payouts.shared;

import java.util.Map;

/** A request broke one or more field rules; details name each field (as {@code payouts[3].driverId}). */
public class InvalidFieldsException extends DomainException {

    public InvalidFieldsException(Map<String, String> fieldProblems) {
        super(ErrorCode.VALIDATION_ERROR, "invalid request: " + String.join(", ", fieldProblems.keySet()),
                fieldProblems);
    }
}
