package io.payouts.platform.failures;

import io.payouts.shared.Refusal;
import org.axonframework.messaging.HandlerExecutionException;

import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * What the sending JVM does with a failure that crossed the command bus as data ({@link HandlerFailures}), in one
 * place, whichever instance handled the command: a {@link Refusal} is thrown again as the
 * {@link io.payouts.shared.DomainException} the edge maps to its error envelope, a {@link DatabaseWasUnavailable}
 * as the data-access failure the edge answers 503; any other failure as it came, unwrapped from the future and the
 * handler's wrapper it may have come in. Callers that catch a refusal check its code, never its class.
 */
public final class SenderFailures {

    private SenderFailures() {
    }

    public static RuntimeException translate(Throwable failure) {
        Throwable cause = failure;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        if (cause instanceof HandlerExecutionException handlerFailure) {
            Optional<Object> details = handlerFailure.getDetails();
            if (details.isPresent() && details.get() instanceof Refusal refusal) {
                return refusal.toException();
            }
            if (details.isPresent() && details.get() instanceof DatabaseWasUnavailable unavailable) {
                return unavailable.toException(handlerFailure);
            }
            if (details.isEmpty() && handlerFailure.getCause() instanceof RuntimeException handlersOwn) {
                return handlersOwn;
            }
        }
        return cause instanceof RuntimeException runtime ? runtime : new IllegalStateException(cause);
    }
}
