package io.payouts.query.consistency;

/**
 * Aggregates whose events stay stored although a sandbox reset discarded them (events in Axon Server, ADR-0015):
 * reads that fold stored events treat them as never written, so an old sandbox id answers 404 in both event stores.
 */
@FunctionalInterface
public interface DiscardedStreams {

    /** Nothing discarded: events of a reset sandbox are deleted (PostgreSQL event store). */
    DiscardedStreams NONE = aggregateId -> false;

    boolean discarded(String aggregateId);
}
