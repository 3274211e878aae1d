package io.payouts.service.http;

import io.payouts.shared.InvalidFieldsException;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;
import org.springframework.stereotype.Component;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The Bean Validation rules of one item of a bulk request, which {@code @Valid} cannot check: an invalid item fails
 * alone, reported in the bulk result, while its neighbours go on.
 */
@Component
public class BulkItemRules {

    private final Validator validator;

    BulkItemRules(Validator validator) {
        this.validator = validator;
    }

    /** Throws every field the item breaks, each with its first problem, as a single body's 400 would name them. */
    public void require(Object item) {
        Set<ConstraintViolation<Object>> violations = validator.validate(item);
        if (violations.isEmpty()) {
            return;
        }
        Map<String, String> problems = new TreeMap<>();
        violations.forEach(violation ->
                problems.putIfAbsent(violation.getPropertyPath().toString(), violation.getMessage()));
        throw new InvalidFieldsException(problems);
    }
}
