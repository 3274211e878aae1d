package io.payouts.service.platform.axon;

import org.axonframework.commandhandling.CommandCallback;
import org.axonframework.commandhandling.CommandMessage;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.common.Registration;
import org.axonframework.messaging.MessageDispatchInterceptor;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Axon's command gateway, with a handler's refusal thrown as the exception it stands for
 * ({@link RefusalsAsDetails}), whichever instance handled the command.
 */
final class RefusingCommandGateway implements CommandGateway {

    private final CommandGateway delegate;

    RefusingCommandGateway(CommandGateway delegate) {
        this.delegate = delegate;
    }

    @Override
    public <R> R sendAndWait(Object command) {
        try {
            return delegate.sendAndWait(command);
        } catch (RuntimeException failure) {
            throw RefusalsAsDetails.refusalIn(failure);
        }
    }

    @Override
    public <R> R sendAndWait(Object command, long timeout, TimeUnit unit) {
        try {
            return delegate.sendAndWait(command, timeout, unit);
        } catch (RuntimeException failure) {
            throw RefusalsAsDetails.refusalIn(failure);
        }
    }

    @Override
    public <R> CompletableFuture<R> send(Object command) {
        CompletableFuture<R> answer = new CompletableFuture<>();
        delegate.<R>send(command).whenComplete((result, failure) -> {
            if (failure == null) {
                answer.complete(result);
            } else {
                answer.completeExceptionally(RefusalsAsDetails.refusalIn(failure));
            }
        });
        return answer;
    }

    /** Callbacks see the command's result message as it came; only the service's own code uses the other forms. */
    @Override
    public <C, R> void send(C command, CommandCallback<? super C, ? super R> callback) {
        delegate.send(command, callback);
    }

    @Override
    public Registration registerDispatchInterceptor(
            MessageDispatchInterceptor<? super CommandMessage<?>> dispatchInterceptor) {
        return delegate.registerDispatchInterceptor(dispatchInterceptor);
    }
}
