package io.payouts.audit;

import org.springframework.jdbc.core.RowMapper;

/**
 * One stored event, byte for byte (a row of {@code domain_event_entry}, or of the audit log's copy of it): what the
 * hash chain covers (ADR-0025).
 */
record StoredEvent(long globalIndex, String aggregateIdentifier, long sequenceNumber, String aggregateType,
                   String eventIdentifier, String payloadType, String payloadRevision, byte[] payload,
                   byte[] metaData, String timeStamp) {

    /** The columns {@link #ROWS} reads, qualified by the alias {@code e}. */
    static final String COLUMNS = "e.global_index, e.aggregate_identifier, e.sequence_number, e.type,"
            + " e.event_identifier, e.payload_type, e.payload_revision, e.payload, e.meta_data, e.time_stamp";

    static final RowMapper<StoredEvent> ROWS = (row, number) -> new StoredEvent(row.getLong("global_index"),
            row.getString("aggregate_identifier"), row.getLong("sequence_number"), row.getString("type"),
            row.getString("event_identifier"), row.getString("payload_type"), row.getString("payload_revision"),
            row.getBytes("payload"), row.getBytes("meta_data"), row.getString("time_stamp"));
}
