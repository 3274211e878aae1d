-- Webhooks (ADR-0014). webhook_subscription: one row per subscription and mode; a deleted one keeps its row so
-- that its deliveries stay in the logs. The signing secret is kept because every attempt signs with it; the API
-- shows it once. webhook_delivery: one row per (event, subscription), unique so that a replayed event never
-- makes a second one, and the inbound events (direction 'inbound', unique per inbound event id). A pending
-- delivery is handed to one sender at a time by lease_until, claimed with select ... for update skip locked.
-- webhook_attempt: what each attempt got back. webhook_setting: values the service generates once and keeps
-- across restarts (the inbound secret when none is configured).

create table webhook_subscription (
    id                    varchar(40)   not null primary key,
    mode                  varchar(16)   not null,
    url                   varchar(2048) not null,
    events                varchar(400)  not null,
    secret                varchar(100)  not null,
    previous_secret       varchar(100),
    previous_secret_until timestamp(6) with time zone,
    status                varchar(16)   not null check (status in ('active', 'disabled', 'deleted')),
    status_reason         text,
    status_changed_at     timestamp(6) with time zone,
    created_at            timestamp(6) with time zone not null
);

create index webhook_subscription_by_mode on webhook_subscription (mode, status);

create table webhook_delivery (
    id              varchar(40)  not null primary key,
    direction       varchar(16)  not null check (direction in ('outbound', 'inbound')),
    event_id        varchar(200) not null,
    event_type      varchar(40)  not null,
    mode            varchar(16)  not null,
    subscription_id varchar(40) references webhook_subscription (id),
    payload         text         not null,
    status          varchar(16)  not null check (status in ('pending', 'success', 'failed')),
    attempts        integer      not null default 0,
    next_attempt_at timestamp(6) with time zone,
    lease_until     timestamp(6) with time zone,
    retry_from      timestamp(6) with time zone not null,
    created_at      timestamp(6) with time zone not null,
    processed_at    timestamp(6) with time zone,
    last_error      text
);

create unique index webhook_delivery_once_per_subscription on webhook_delivery (event_id, subscription_id)
    where direction = 'outbound';
create unique index webhook_delivery_inbound_once on webhook_delivery (event_id) where direction = 'inbound';
create index webhook_delivery_due on webhook_delivery (next_attempt_at) where status = 'pending';
create index webhook_delivery_logs on webhook_delivery (mode, event_type, created_at);

create table webhook_attempt (
    delivery_id  varchar(40) not null references webhook_delivery (id),
    attempt      integer     not null,
    attempted_at timestamp(6) with time zone not null,
    status_code  integer,
    duration_ms  bigint      not null,
    error        text,
    primary key (delivery_id, attempt)
);

create table webhook_setting (
    name  varchar(100) not null primary key,
    value text         not null
);
