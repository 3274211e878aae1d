package io.payouts.platform.eventstore;

import org.axonframework.eventsourcing.eventstore.jdbc.EventSchema;

/**
 * Axon's tables in PostgreSQL belong to platform (V1 and V12, in {@code db/migration/platform}): events, snapshots,
 * tokens, sagas and dead letters. Platform publishes two of them for other modules to read in their own SQL, by these
 * names and never by a literal of their own: the stored events and the processors' stored tokens. Only
 * Axon writes them, and a sandbox reset deletes through platform ({@link SandboxEvents}).
 */
public final class EventTables {

    /**
     * The stored events, one row per event: {@code global_index}, {@code aggregate_identifier},
     * {@code sequence_number}, {@code type}, {@code event_identifier}, {@code payload_type},
     * {@code payload_revision}, {@code payload}, {@code meta_data}, {@code time_stamp}. Empty where events are in
     * Axon Server.
     */
    public static final String EVENTS = "domain_event_entry";

    /**
     * Each processor segment's stored position, by every instance: {@code processor_name}, {@code segment},
     * {@code token}, {@code token_type}, {@code timestamp}, {@code owner}.
     */
    public static final String TOKENS = "token_entry";

    static final String SNAPSHOTS = "snapshot_event_entry";

    /** The event and snapshot tables with V1's column names, as the JDBC storage reads and writes them (ADR-0018). */
    public static final EventSchema SCHEMA = EventSchema.builder()
            .eventTable(EVENTS)
            .snapshotTable(SNAPSHOTS)
            .globalIndexColumn("global_index")
            .timestampColumn("time_stamp")
            .eventIdentifierColumn("event_identifier")
            .aggregateIdentifierColumn("aggregate_identifier")
            .sequenceNumberColumn("sequence_number")
            .typeColumn("type")
            .payloadTypeColumn("payload_type")
            .payloadRevisionColumn("payload_revision")
            .payloadColumn("payload")
            .metaDataColumn("meta_data")
            .build();

    private EventTables() {
    }
}
