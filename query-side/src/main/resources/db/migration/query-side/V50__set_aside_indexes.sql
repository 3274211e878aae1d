-- A read model's indexes that are not unique, while its processor replays every event: dropped in the reset's
-- transaction, their definitions kept here, and created again once the replay has reached the position the reset
-- found (ADR-0050). Schema-qualified names, as pg_get_indexdef writes them.
create table set_aside_index (
    index_name       text        primary key,
    table_name       text        not null,
    processing_group text        not null,
    definition       text        not null,
    set_aside_at     timestamptz not null default now()
);
