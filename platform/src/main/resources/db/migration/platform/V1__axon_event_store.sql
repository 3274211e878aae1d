-- Axon Framework's JPA storage on PostgreSQL (ADR-0001), generated from Axon 4.13's entities by Hibernate's
-- schema export with PostgresByteaDialect and reviewed. Payloads are bytea, never large objects. The global
-- index sequence has increment 1 to match META-INF/orm.xml.

create sequence domain_event_entry_seq start with 1 increment by 1;
create sequence association_value_entry_seq start with 1 increment by 50;

create table domain_event_entry (
    global_index         bigint       not null,
    aggregate_identifier varchar(255) not null,
    sequence_number      bigint       not null,
    type                 varchar(255),
    event_identifier     varchar(255) not null,
    payload_type         varchar(255) not null,
    payload_revision     varchar(255),
    payload              bytea        not null,
    meta_data            bytea,
    time_stamp           varchar(255) not null,
    constraint domain_event_entry_pkey primary key (global_index),
    constraint domain_event_entry_event_identifier_key unique (event_identifier),
    constraint domain_event_entry_aggregate_sequence_key unique (aggregate_identifier, sequence_number)
);

create table snapshot_event_entry (
    aggregate_identifier varchar(255) not null,
    sequence_number      bigint       not null,
    type                 varchar(255) not null,
    event_identifier     varchar(255) not null,
    payload_type         varchar(255) not null,
    payload_revision     varchar(255),
    payload              bytea        not null,
    meta_data            bytea,
    time_stamp           varchar(255) not null,
    constraint snapshot_event_entry_pkey primary key (sequence_number, aggregate_identifier, type),
    constraint snapshot_event_entry_event_identifier_key unique (event_identifier)
);

create table token_entry (
    processor_name varchar(255) not null,
    segment        integer      not null,
    token          bytea,
    token_type     varchar(255),
    timestamp      varchar(255) not null,
    owner          varchar(255),
    constraint token_entry_pkey primary key (segment, processor_name)
);

create table saga_entry (
    saga_id         varchar(255) not null,
    saga_type       varchar(255),
    revision        varchar(255),
    serialized_saga bytea,
    constraint saga_entry_pkey primary key (saga_id)
);

create table association_value_entry (
    id                bigint       not null,
    association_key   varchar(255) not null,
    association_value varchar(255),
    saga_id           varchar(255) not null,
    saga_type         varchar(255),
    constraint association_value_entry_pkey primary key (id)
);
create index association_value_entry_by_value on association_value_entry (saga_type, association_key, association_value);
create index association_value_entry_by_saga on association_value_entry (saga_id, saga_type);

create table dead_letter_entry (
    dead_letter_id       varchar(255) not null,
    processing_group     varchar(255) not null,
    sequence_identifier  varchar(255) not null,
    sequence_index       bigint       not null,
    message_type         varchar(255) not null,
    event_identifier     varchar(255) not null,
    time_stamp           varchar(255) not null,
    payload_type         varchar(255) not null,
    payload_revision     varchar(255),
    payload              bytea        not null,
    meta_data            bytea,
    type                 varchar(255),
    aggregate_identifier varchar(255),
    sequence_number      bigint,
    token_type           varchar(255),
    token                bytea,
    enqueued_at          timestamp(6) with time zone not null,
    last_touched         timestamp(6) with time zone,
    processing_started   timestamp(6) with time zone,
    cause_type           varchar(255),
    cause_message        varchar(1023),
    diagnostics          bytea,
    constraint dead_letter_entry_pkey primary key (dead_letter_id),
    constraint dead_letter_entry_sequence_key unique (processing_group, sequence_identifier, sequence_index)
);
create index dead_letter_entry_by_group on dead_letter_entry (processing_group);
create index dead_letter_entry_by_sequence on dead_letter_entry (processing_group, sequence_identifier);
