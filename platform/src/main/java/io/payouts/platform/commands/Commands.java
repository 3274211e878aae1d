package io.payouts.platform.commands;

import io.payouts.platform.failures.SenderFailures;
import org.axonframework.commandhandling.GenericCommandMessage;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.messaging.MetaData;

import java.util.concurrent.CompletableFuture;

/**
 * The one way a command is sent, by every sender (the HTTP edge, the admission lanes, the rails' outcomes, the
 * sandbox's automation and seed, sagas and processors): it carries its {@link Origin}'s audit metadata, waits for the
 * handler, and a failure that crossed the bus as data is thrown as what it stood for ({@link SenderFailures}): a
 * refusal as the {@link io.payouts.shared.DomainException} with its code, a database out of reach on the handling
 * instance as a data-access failure, whichever instance handled it (ADR-0029).
 */
public class Commands {

    private final CommandGateway gateway;

    public Commands(CommandGateway gateway) {
        this.gateway = gateway;
    }

    /** Sends a command, waits for it to be handled and returns the handler's answer. */
    public <R> R send(Object command, Origin origin) {
        try {
            return gateway.sendAndWait(message(command, origin));
        } catch (RuntimeException failure) {
            throw SenderFailures.translate(failure);
        }
    }

    /** Sends a command without waiting; the future fails as {@link #send(Object, Origin)} throws. */
    public <R> CompletableFuture<R> sendAsync(Object command, Origin origin) {
        CompletableFuture<R> answer = new CompletableFuture<>();
        gateway.<R>send(message(command, origin)).whenComplete((result, failure) -> {
            if (failure == null) {
                answer.complete(result);
            } else {
                answer.completeExceptionally(SenderFailures.translate(failure));
            }
        });
        return answer;
    }

    private static Object message(Object command, Origin origin) {
        return GenericCommandMessage.asCommandMessage(command).andMetaData(MetaData.from(origin.metadata()));
    }
}
