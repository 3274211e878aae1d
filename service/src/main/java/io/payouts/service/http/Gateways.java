package io.payouts.service.http;

import io.payouts.platform.commands.Commands;
import io.payouts.platform.failures.SenderFailures;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.queryhandling.QueryGateway;
import org.springframework.stereotype.Component;

import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * How controllers reach the command and query sides: commands go through {@link Commands} with the request's
 * {@link RequestContext#origin() origin}, and a handler's failure reaches the error mapping as the exception it
 * stands for ({@link SenderFailures}).
 */
@Component
public class Gateways {

    private final Commands commands;
    private final QueryGateway queries;
    private final EventStore eventStore;

    Gateways(Commands commands, QueryGateway queries, EventStore eventStore) {
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
        commands.send(command, context.origin());
        return lastVersion(aggregateId);
    }

    /** Sends a command, waits for it to be stored, and returns the handler's answer. */
    public <R> R sendForResult(Object command, RequestContext context) {
        return commands.send(command, context.origin());
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
            throw SenderFailures.translate(e);
        }
    }
}
