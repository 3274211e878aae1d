-- The sums of each UTC minute beside those of each hour (ADR-0044's amendment): a balance as of an instant reads the
-- hours before its hour, the minutes before its minute and the movements of its own minute, so a busy hour (a fleet
-- paying hundreds of thousands within it) costs no more than a quiet one.
create table wallet_movement_minute (
    mode       text        not null,
    minute     timestamptz not null,
    available  bigint      not null,
    pending    bigint      not null,
    in_transit bigint      not null,
    primary key (mode, minute)
);

insert into wallet_movement_minute (mode, minute, available, pending, in_transit)
select mode, date_trunc('minute', occurred_at at time zone 'UTC') at time zone 'UTC', sum(available), sum(pending),
       sum(in_transit)
from wallet_movement
group by 1, 2;
