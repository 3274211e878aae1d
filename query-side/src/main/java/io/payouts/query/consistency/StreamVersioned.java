package io.payouts.query.consistency;

/** A read-model row that remembers the last sequence number of its aggregate's stream it applied (ADR-0005). */
public interface StreamVersioned {

    /** True when this row already reflects the event with {@code sequence}: a replayed event changes nothing. */
    boolean hasApplied(long sequence);
}
