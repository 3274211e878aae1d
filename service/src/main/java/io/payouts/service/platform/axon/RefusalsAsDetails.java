package io.payouts.service.platform.axon;

import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;
import io.payouts.shared.Refusal;
import org.axonframework.commandhandling.CommandExecutionException;
import org.axonframework.commandhandling.CommandMessage;
import org.axonframework.messaging.HandlerExecutionException;
import org.axonframework.messaging.InterceptorChain;
import org.axonframework.messaging.MessageHandlerInterceptor;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.axonframework.modelling.command.AggregateNotFoundException;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * A command handler's refusal crosses the command bus as data (issue #17): on the handling side this interceptor
 * turns a {@link DomainException} (or Axon's "aggregate not found") into a {@link CommandExecutionException} whose
 * details are a {@link Refusal}, the form Axon Server carries to the sender with the configured serializer; on the
 * sending side {@link #refusalIn(Throwable)} turns it back into the exception the edge maps to its error envelope.
 * A database out of reach inside the handler crosses the same way ({@link DatabaseWasUnavailable}), since Axon
 * Server drops the causes that told it from a bug. The same two steps run on the local bus, so what the tests see is
 * what a second instance would see: the refusal's code, message and details, never the exception's class.
 */
public final class RefusalsAsDetails implements MessageHandlerInterceptor<CommandMessage<?>> {

    /** What the edge has always answered for an unknown aggregate (ApiExceptionHandler). */
    static final Refusal UNKNOWN_AGGREGATE = new Refusal(ErrorCode.NOT_FOUND, "resource not found", Map.of());

    @Override
    public Object handle(UnitOfWork<? extends CommandMessage<?>> unitOfWork, InterceptorChain chain) throws Exception {
        try {
            return chain.proceed();
        } catch (DomainException refused) {
            throw new CommandExecutionException(refused.getMessage(), refused, Refusal.of(refused));
        } catch (AggregateNotFoundException unknown) {
            throw new CommandExecutionException(unknown.getMessage(), unknown, UNKNOWN_AGGREGATE);
        } catch (Exception failure) {
            throw DatabaseWasUnavailable.carriedIfUnavailable(failure);
        }
    }

    /**
     * The refusal a failed command carries, as the exception the edge maps, and a database out of reach as the
     * data-access failure it was; any other failure as it came (unwrapped from the future it may have come in).
     */
    public static RuntimeException refusalIn(Throwable failure) {
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
        }
        return cause instanceof RuntimeException runtime ? runtime : new IllegalStateException(cause);
    }
}
