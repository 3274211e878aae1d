-- The driver list's totals, kept by the driver projection as its rows change (as ADR-0045 keeps the payouts'): a
-- total is a sum over a few rows of the mode's standings (status and KYC status), however many drivers there are.
create table driver_count (
    mode     varchar(16) not null,
    standing varchar(32) not null,
    day      date        not null,
    drivers  bigint      not null,
    primary key (mode, standing, day)
);

insert into driver_count (mode, standing, day, drivers)
select mode, status || '/' || kyc_status, (created_at at time zone 'UTC')::date, count(*)
from driver_view
group by 1, 2, 3;
