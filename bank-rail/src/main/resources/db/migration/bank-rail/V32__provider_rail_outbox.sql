-- The payment provider's rail (ADR-0036). provider_payment: the outbox, one row per payout attempt handed to the
-- rail, keyed by the Idempotency-Key the provider is sent (<payout id>-<attempt>) and inserted in the hand-off's
-- transaction. A sender claims a row until claimed_until before it sends it, so two senders never send one attempt
-- at once and a crashed sender's attempt is sent again, under the same key, once its claim ran out. body: the request
-- as first built, kept until the provider has answered it for good, so every send of an attempt carries the same
-- bytes. provider_link: when the provider last answered and last did not, which health and metrics show.

create table provider_payment (
    idempotency_key    varchar(64)  not null primary key,
    payout_id          varchar(40)  not null,
    attempt            bigint       not null,
    driver_id          varchar(40)  not null,
    net_amount         bigint       not null,
    rail               varchar(16)  not null,
    retry              boolean      not null,
    state              varchar(16)  not null,
    body               text,
    queued_version     bigint,
    tries              integer      not null default 0,
    next_try_at        timestamp(6) with time zone not null,
    claimed_by         varchar(64),
    claimed_until      timestamp(6) with time zone,
    last_error         varchar(500),
    provider_reference varchar(140),
    reason             varchar(500),
    handed_over_at     timestamp(6) with time zone not null,
    updated_at         timestamp(6) with time zone not null
);

create index provider_payment_due on provider_payment (state, next_try_at)
    where state in ('PENDING', 'READY', 'ACCEPTED', 'FAILING');

create table provider_link (
    id              int          not null primary key,
    last_success_at timestamp(6) with time zone,
    last_failure_at timestamp(6) with time zone,
    last_error      varchar(500)
);

insert into provider_link (id) values (1);
