-- The audit log (ADR-0025, ADR-0027): one row per stored event, written by the audit-log tracking processor shortly
-- after the event is appended. It is the events API's index (mode, public type, the resources an event concerns,
-- its time) and a hash chain over the events' stored bytes. Sandbox events form a chain of their own, which a
-- sandbox reset deletes with the events (ADR-0015); the production chain is never cut.

create table audit_event (
    global_index         bigint       not null,
    position             bigint       not null,
    chain                varchar(16)  not null,
    link_no              bigint       not null,
    event_id             varchar(36)  not null,
    mode                 varchar(16)  not null,
    type                 varchar(64)  not null,
    resource_kind        varchar(16)  not null,
    aggregate_identifier varchar(255) not null,
    resource_ids         text[]       not null,
    occurred_at          timestamp(6) with time zone not null,
    previous_hash        bytea,
    hash                 bytea        not null,
    constraint audit_event_pkey primary key (global_index),
    constraint audit_event_position_key unique (position),
    constraint audit_event_event_id_key unique (event_id),
    constraint audit_event_chain_link_key unique (chain, link_no)
);
create sequence audit_event_position_seq start with 1 increment by 1;
create index audit_event_by_mode on audit_event (mode, position);
create index audit_event_by_time on audit_event (mode, occurred_at);
create index audit_event_by_resource on audit_event using gin (resource_ids);
create index audit_event_by_aggregate on audit_event (aggregate_identifier, position);

