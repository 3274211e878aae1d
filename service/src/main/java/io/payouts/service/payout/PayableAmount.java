package io.payouts.service.payout;

import io.payouts.shared.DomainException;
import io.payouts.shared.payout.PayoutRequest;
import io.payouts.shared.payout.Rail;
import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.Optional;

/**
 * A payout body's {@code amount} checked by {@link PayoutRequest}'s rule (within the money limits, larger than its
 * rail's fee), so that a single request and a bulk item report it with every other bad field at once. It needs the
 * rail: a body whose urgency names none is left to the urgency's own error.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Constraint(validatedBy = PayableAmount.Validator.class)
@interface PayableAmount {

    String message() default "";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    /** Made by Spring's validator factory, which passes the payout requests' rules. */
    class Validator implements ConstraintValidator<PayableAmount, Object> {

        private final PayoutRequests requests;

        Validator(PayoutRequests requests) {
            this.requests = requests;
        }

        @Override
        public boolean isValid(Object body, ConstraintValidatorContext context) {
            Optional<String> problem = amount(body).flatMap(amount -> rail(body).map(rail ->
                    requests.fieldProblems(amount, rail, null, null).get("amount")));
            problem.ifPresent(text -> {
                context.disableDefaultConstraintViolation();
                context.buildConstraintViolationWithTemplate(text).addPropertyNode("amount").addConstraintViolation();
            });
            return problem.isEmpty();
        }

        private static Optional<Long> amount(Object body) {
            if (body instanceof PayoutBodies.NewPayout payout) {
                return Optional.ofNullable(payout.amount());
            }
            return body instanceof PayoutBodies.InstantPayout payout ? Optional.ofNullable(payout.amount())
                    : Optional.empty();
        }

        private static Optional<Rail> rail(Object body) {
            if (body instanceof PayoutBodies.InstantPayout) {
                return Optional.of(Rail.INSTANT);
            }
            try {
                return Optional.of(PayoutRequests.rail(((PayoutBodies.NewPayout) body).urgency()));
            } catch (DomainException unknownUrgency) {
                return Optional.empty();
            }
        }
    }
}
