package io.payouts.service.http;

import io.payouts.platform.commands.Commands;
import io.payouts.platform.failures.SenderFailures;
import io.payouts.platform.queries.Queries;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.stereotype.Component;

/**
 * How controllers reach the command and query sides: commands go through {@link Commands} with the request's
 * {@link RequestContext#origin() origin}, and a handler's failure reaches the error mapping as the exception it
 * stands for ({@link SenderFailures}); queries are calls of their handler ({@link Queries}).
 */
@Component
public class Gateways {

    private final Commands commands;
    private final Queries queries;
    private final EventStore eventStore;

    Gateways(Commands commands, Queries queries, EventStore eventStore) {
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
        return queries.ask(query, resultType);
    }
}
