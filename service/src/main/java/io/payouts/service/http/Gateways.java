package io.payouts.service.http;

import org.axonframework.commandhandling.GenericCommandMessage;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.messaging.MetaData;
import org.axonframework.queryhandling.QueryGateway;
import org.springframework.stereotype.Component;

import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * How controllers reach the command and query sides: commands carry the request's audit metadata, and a
 * handler's own exception reaches the error mapping unwrapped.
 */
@Component
public class Gateways {

    private final CommandGateway commands;
    private final QueryGateway queries;
    private final EventStore eventStore;

    Gateways(CommandGateway commands, QueryGateway queries, EventStore eventStore) {
        this.commands = commands;
        this.queries = queries;
        this.eventStore = eventStore;
    }

    /**
     * Sends a command and waits for it to be stored.
     *
     * @return the sequence number of the aggregate's newest event: what a read must reflect (ADR-0005)
     */
    public long send(Object command, String aggregateId, RequestContext context) {
        commands.sendAndWait(GenericCommandMessage.asCommandMessage(command)
                .andMetaData(MetaData.from(context.auditMetadata())));
        return lastVersion(aggregateId);
    }

    /** Sends a command, waits for it to be stored, and returns the handler's answer. */
    public <R> R sendForResult(Object command, RequestContext context) {
        return commands.sendAndWait(GenericCommandMessage.asCommandMessage(command)
                .andMetaData(MetaData.from(context.auditMetadata())));
    }

    /** The sequence number of the aggregate's newest stored event; -1 when it has none. */
    public long lastVersion(String aggregateId) {
        return eventStore.lastSequenceNumberFor(aggregateId).orElse(-1L);
    }

    public <R> R query(Object query, Class<R> resultType) {
        try {
            return queries.query(query, resultType).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for " + query.getClass().getSimpleName(), e);
        } catch (ExecutionException | CompletionException e) {
            throw unwrap(e);
        }
    }

    private static RuntimeException unwrap(Exception e) {
        Throwable cause = e;
        while ((cause instanceof ExecutionException || cause instanceof CompletionException
                || cause instanceof org.axonframework.messaging.HandlerExecutionException)
                && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause instanceof RuntimeException runtime ? runtime : new IllegalStateException(cause);
    }
}
