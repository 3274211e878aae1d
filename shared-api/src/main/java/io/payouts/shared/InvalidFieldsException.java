package io.payouts.service.web;

import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;

import java.util.Map;

/** A request broke one or more field rules; details name each field. */
public class RequestValidationException extends DomainException {

    public RequestValidationException(Map<String, String> fieldProblems) {
        super(ErrorCode.VALIDATION_ERROR, "invalid request: " + String.join(", ", fieldProblems.keySet()),
                fieldProblems);
    }
}
