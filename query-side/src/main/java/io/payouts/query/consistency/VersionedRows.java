package io.payouts.query.consistency;

import org.springframework.data.jpa.repository.JpaRepository;

import java.util.function.Consumer;

/**
 * Applies one event of an aggregate's stream to that aggregate's read-model row, once: a row that has already
 * applied the event's sequence number is left as it is. Either way, readers waiting for that sequence are told
 * after the commit (ADR-0005).
 */
public final class VersionedRows<V extends StreamVersioned> {

    private final JpaRepository<V, String> rows;
    private final ProjectionProgress progress;
    private final String kind;

    /** @param kind what a row is, for the error when an event arrives for a row that does not exist */
    public VersionedRows(JpaRepository<V, String> rows, ProjectionProgress progress, String kind) {
        this.rows = rows;
        this.progress = progress;
        this.kind = kind;
    }

    public void apply(String id, long sequence, Consumer<V> change) {
        V row = rows.findById(id)
                .orElseThrow(() -> new IllegalStateException(kind + " " + id + " changed before it was created"));
        if (!row.hasApplied(sequence)) {
            change.accept(row);
            rows.save(row);
        }
        progress.announceAfterCommit(id, sequence);
    }
}
