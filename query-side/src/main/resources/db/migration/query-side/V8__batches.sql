-- Batches and scheduled payouts (issue #5, ADR-0013).

-- One row per batch; version is the batch stream's sequence number (ADR-0005). The totals count the payouts
-- not canceled before the release. scheduled_for is null for a batch released by hand.
create table batch_view (
    id            varchar(40)  not null primary key,
    mode          varchar(16)  not null,
    name          varchar(200) not null,
    rail          varchar(16)  not null,
    status        varchar(16)  not null,
    payout_count  integer      not null,
    total_amount  bigint       not null,
    total_fees    bigint       not null,
    net_amount    bigint       not null,
    scheduled_for timestamp(6) with time zone,
    created_at    timestamp(6) with time zone not null,
    released_at   timestamp(6) with time zone,
    processed_at  timestamp(6) with time zone,
    completed_at  timestamp(6) with time zone,
    version       bigint       not null
);

-- GET /batches (newest first, optional status filter)
create index batch_view_by_mode on batch_view (mode, created_at desc, id desc);
create index batch_view_by_mode_status on batch_view (mode, status, created_at desc, id desc);
-- GET /scheduled-payouts and its stats, and the funding projection's batches due in its window
create index batch_view_scheduled on batch_view (mode, scheduled_for) where scheduled_for is not null;

-- GET /batches/:id lists the batch's payouts
create index payout_view_by_batch on payout_view (batch_id, requested_at, id) where batch_id is not null;

-- db-scheduler's table (its PostgreSQL schema for version 16): Axon's DbSchedulerDeadlineManager keeps the
-- release deadlines of scheduled batches here, so they survive restarts, and db-scheduler's row locking makes
-- one instance fire each. It has no mode column: its rows are db-scheduler's, and a deadline whose saga was
-- removed (a sandbox reset) finds nothing to release when it fires.
create table scheduled_tasks (
    task_name            text                     not null,
    task_instance        text                     not null,
    task_data            bytea,
    execution_time       timestamp with time zone not null,
    picked               boolean                  not null,
    picked_by            text,
    last_success         timestamp with time zone,
    last_failure         timestamp with time zone,
    consecutive_failures integer,
    last_heartbeat       timestamp with time zone,
    version              bigint                   not null,
    priority             smallint,
    primary key (task_name, task_instance)
);

create index execution_time_idx on scheduled_tasks (execution_time);
create index last_heartbeat_idx on scheduled_tasks (last_heartbeat);
create index priority_execution_time_idx on scheduled_tasks (priority desc, execution_time asc);

-- A batch's payout reaches the rail at its release, the second event of its stream, not at its request: the rail
-- tells a retry from the first attempt by this sequence number (ADR-0013). 0 for every payout created on its own.
alter table rail_payment add column first_attempt bigint not null default 0;
