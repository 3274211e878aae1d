-- The payout rail (ADR-0012). rail_payment: what the rail was handed for each payout still in its hands, so that
-- a retry or a progress report can be passed on without the payout's first event. rail_job: the simulated
-- rail's scheduled steps, one row per payout and step; a step is valid only while the payout's stream is still
-- at planned_at_version, the sequence number of the event that planned it.

create table rail_payment (
    payout_id    varchar(40) not null primary key,
    mode         varchar(16) not null,
    driver_id    varchar(40) not null,
    net_amount   bigint      not null,
    rail         varchar(16) not null,
    fail_on_rail boolean     not null,
    attempt      bigint      not null
);

create table rail_job (
    payout_id          varchar(40) not null,
    step               varchar(16) not null,
    due_at             timestamp(6) with time zone not null,
    attempts           integer     not null default 0,
    planned_at_version bigint      not null,
    primary key (payout_id, step)
);

create index rail_job_by_due_at on rail_job (due_at);
