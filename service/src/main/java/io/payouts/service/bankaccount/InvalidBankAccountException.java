package io.payouts.service.bankaccount;

import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;

import java.util.Map;
import java.util.stream.Collectors;

/**
 * A bank account's fields break their rules: every bad field named with its problem, never with the value sent (an
 * account number must not come back in an error, nor reach a log that prints one).
 */
class InvalidBankAccountException extends DomainException {

    InvalidBankAccountException(Map<String, String> problems) {
        super(ErrorCode.VALIDATION_ERROR, problems.entrySet().stream()
                .map(problem -> problem.getKey() + ": " + problem.getValue())
                .collect(Collectors.joining("; ")), problems);
    }
}
