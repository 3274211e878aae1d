-- With events in Axon Server (issue #17) the audit log keeps its own copy of each event's stored bytes, as the
-- server delivered them, because PostgreSQL's event table is empty there and the audit API (ADR-0025, ADR-0027)
-- reads and verifies the bytes the chain covers. Same columns as domain_event_entry, so every read names one table
-- or the other. A copy goes with its link: a sandbox reset deleting the sandbox chain deletes its copies too.
create table audit_stored_event (
    global_index         bigint       not null primary key
        references audit_event (global_index) on delete cascade,
    aggregate_identifier varchar(255) not null,
    sequence_number      bigint       not null,
    type                 varchar(255),
    event_identifier     varchar(255) not null,
    payload_type         varchar(255) not null,
    payload_revision     varchar(255),
    payload              bytea        not null,
    meta_data            bytea,
    time_stamp           varchar(255) not null
);
create index audit_stored_event_by_stream on audit_stored_event (aggregate_identifier, sequence_number);
