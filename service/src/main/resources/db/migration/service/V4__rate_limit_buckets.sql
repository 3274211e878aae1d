-- Rate-limit token buckets (ADR-0008), shared by every instance of the service. Bucket4j owns the rows: it locks
-- a row with select-for-update, replaces the serialized state, and deletes rows whose bucket has been full again
-- for a while (expires_at, epoch milliseconds).

create table rate_limit_buckets (
    id         varchar(200) not null primary key,
    state      bytea,
    expires_at bigint
);

create index rate_limit_buckets_by_expiry on rate_limit_buckets (expires_at);
