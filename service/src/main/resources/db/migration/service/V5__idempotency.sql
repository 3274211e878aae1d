-- Idempotency keys (ADR-0010): one row per caller, route and key, claimed in progress by the first request and
-- completed with its response, kept until expires_at (24 h by default). request_hash is an HMAC of the body keyed
-- by the caller's credential, and response_body is encrypted with a key derived from it, so the table holds no
-- request or response in readable form. Not a JPA entity.

create table idempotency_record (
    caller                varchar(200)  not null,
    route                 varchar(1000) not null,
    idempotency_key       varchar(255)  not null,
    request_hash          varchar(64)   not null,
    state                 varchar(16)   not null check (state in ('in_progress', 'completed')),
    response_status       integer,
    response_content_type text,
    response_body         bytea,
    created_at            timestamp(6) with time zone not null,
    expires_at            timestamp(6) with time zone not null,
    primary key (caller, route, idempotency_key)
);

create index idempotency_record_by_expiry on idempotency_record (expires_at);
