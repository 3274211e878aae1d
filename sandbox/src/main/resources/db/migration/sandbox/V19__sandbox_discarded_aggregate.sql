-- With its events in Axon Server, which cannot delete them, a sandbox reset keeps the events and discards the
-- aggregates instead (ADR-0015, issue #17): every sandbox driver, payout and batch that existed at the reset is named
-- here, and reads and commands treat it as never having existed. Only ever grows, by one row per discarded aggregate.
create table sandbox_discarded_aggregate (
    aggregate_id varchar(255) not null primary key,
    discarded_at timestamptz  not null
);
