package io.payouts.audit;

import io.payouts.platform.eventstore.EventTables;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Where the audit log reads the events' stored bytes, which its chain covers (ADR-0025): PostgreSQL's event table
 * (platform's, read by the name platform publishes, {@link EventTables#EVENTS}), or, with the events in Axon Server,
 * where that table stays empty, the copy the audit log keeps of every event it chains ({@code audit_stored_event}, the
 * same columns). {@code payouts.audit.copies-events} follows the Axon Server profile; setting it on PostgreSQL runs
 * the copying path, which is how CI tests it.
 */
@Component
class StoredEventTable {

    private final boolean copies;

    StoredEventTable(@Value("${payouts.audit.copies-events:false}") boolean copies) {
        this.copies = copies;
    }

    /** The audit log keeps the events' bytes itself. */
    boolean copies() {
        return copies;
    }

    /** The table with the columns {@link StoredEvent#COLUMNS} reads. */
    String name() {
        return copies ? "audit_stored_event" : EventTables.EVENTS;
    }
}
