package io.payouts.service.payout;

import io.payouts.shared.payout.Requester;
import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * {@code requestedBy} checked by {@link Requester}'s rule in shared-api, so the HTTP edge reports it with every other
 * bad field at once, without a second copy of the rule. A null passes: the field is optional.
 */
@Target(ElementType.FIELD)
@Retention(RetentionPolicy.RUNTIME)
@Constraint(validatedBy = PlainRequester.Validator.class)
@interface PlainRequester {

    String message() default "";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    class Validator implements ConstraintValidator<PlainRequester, String> {

        @Override
        public boolean isValid(String value, ConstraintValidatorContext context) {
            return Requester.problem(value).map(problem -> {
                context.disableDefaultConstraintViolation();
                context.buildConstraintViolationWithTemplate(problem).addConstraintViolation();
                return false;
            }).orElse(true);
        }
    }
}
