package io.payouts.service.driver;

import io.payouts.shared.driver.EmailAddress;
import io.payouts.shared.driver.PhoneNumber;
import io.payouts.shared.driver.RegisterDriverCommand;
import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.function.Predicate;

/**
 * A driver field checked by the rule its value type owns in shared-api, so the HTTP edge reports every bad
 * field at once without a second copy of the rule. A null passes: presence is {@code @NotNull}'s job.
 */
@Target(ElementType.FIELD)
@Retention(RetentionPolicy.RUNTIME)
@Constraint(validatedBy = DriverField.Validator.class)
@interface DriverField {

    Rule value();

    String message() default "";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    enum Rule {
        SVC_DRIVER_ID(RegisterDriverCommand::isValidSvcDriverId,
                "must be 1 to 100 characters of letters, digits, '.', '_', ':' or '-'"),
        EMAIL(EmailAddress::isValid, "must be a valid e-mail address"),
        PHONE(PhoneNumber::isValid, "must be in E.164 format, for example +14155550123");

        private final Predicate<String> valid;
        private final String problem;

        Rule(Predicate<String> valid, String problem) {
            this.valid = valid;
            this.problem = problem;
        }
    }

    class Validator implements ConstraintValidator<DriverField, String> {

        private Rule rule;

        @Override
        public void initialize(DriverField annotation) {
            rule = annotation.value();
        }

        @Override
        public boolean isValid(String value, ConstraintValidatorContext context) {
            if (value == null || rule.valid.test(value)) {
                return true;
            }
            context.disableDefaultConstraintViolation();
            context.buildConstraintViolationWithTemplate(rule.problem).addConstraintViolation();
            return false;
        }
    }
}
