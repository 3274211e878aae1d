-- Payouts and the funding wallet: the query side's read models (issue #4). Every row remembers what it applied
-- (ADR-0005): payout_view.version is the payout stream's sequence number, wallet_balance_view.wallet_version the
-- wallet stream's. Top-ups and funding transactions are written in the same transaction as the wallet row that
-- counts them, so they share its version.

create table payout_view (
    id             varchar(40)  not null primary key,
    mode           varchar(16)  not null,
    driver_id      varchar(40)  not null,
    amount         bigint       not null,
    fee            bigint       not null,
    net_amount     bigint       not null,
    status         varchar(16)  not null,
    rail           varchar(16)  not null,
    description    text,
    load_id        varchar(100),
    -- set by the batch issue; null for a payout created on its own
    batch_id       varchar(40),
    requested_at   timestamp(6) with time zone not null,
    queued_at      timestamp(6) with time zone,
    completed_at   timestamp(6) with time zone,
    canceled_at    timestamp(6) with time zone,
    retried_at     timestamp(6) with time zone,
    failed_at      timestamp(6) with time zone,
    failure_reason text,
    version        bigint       not null
);

-- GET /payouts (newest first, optional status filter) and the funding projection's in-flight sum per mode
create index payout_view_by_mode on payout_view (mode, requested_at desc, id desc);
create index payout_view_by_mode_status on payout_view (mode, status, requested_at desc, id desc);
-- GET /payouts?driverId= and GET /drivers/:id/payouts (a driver belongs to one mode)
create index payout_view_by_driver on payout_view (driver_id, requested_at desc, id desc);

-- One row per mode's wallet. ledger = available + in_transit: the funds the wallet holds, the balance every
-- funding transaction reports after itself. transaction_count numbers the funding transactions in the order
-- they were applied.
create table wallet_balance_view (
    id                varchar(40)  not null primary key,
    mode              varchar(16)  not null unique,
    available         bigint       not null,
    pending           bigint       not null,
    in_transit        bigint       not null,
    ledger            bigint       not null,
    transaction_count bigint       not null,
    opened_at         timestamp(6) with time zone not null,
    updated_at        timestamp(6) with time zone not null,
    wallet_version    bigint       not null
);

create table top_up_view (
    id          varchar(40)  not null primary key,
    mode        varchar(16)  not null,
    amount      bigint       not null,
    status      varchar(16)  not null,
    description text,
    method      text         not null,
    created_at  timestamp(6) with time zone not null,
    settled_at  timestamp(6) with time zone,
    settled_by  text
);

-- credit: a settled top-up (id = the top-up's transaction id); debit: a completed payout (id = txn_ + the
-- payout id's hex digits, so a replay makes the same id). position: the order of application in the mode.
create table funding_transaction_view (
    id          varchar(40)  not null primary key,
    mode        varchar(16)  not null,
    type        varchar(16)  not null,
    amount      bigint       not null,
    balance     bigint       not null,
    description text,
    payout_id   varchar(40),
    created_at  timestamp(6) with time zone not null,
    position    bigint       not null
);

create unique index funding_transaction_view_by_mode on funding_transaction_view (mode, position desc);
create index funding_transaction_view_by_mode_type on funding_transaction_view (mode, type, position desc);
