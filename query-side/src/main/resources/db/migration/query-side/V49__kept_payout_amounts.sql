-- The sum of the payouts' amounts per mode, status and UTC day they were requested, kept beside their counts
-- (ADR-0045) by the payout projection: the funding projection's in-flight payouts are a sum over a few rows,
-- however many payouts there are and whatever the planner's statistics say about how many are in flight.
create table payout_amount (
    mode   varchar(16) not null,
    status varchar(16) not null,
    day    date        not null,
    amount bigint      not null,
    primary key (mode, status, day)
);

insert into payout_amount (mode, status, day, amount)
select mode, status, (requested_at at time zone 'UTC')::date, sum(amount)
from payout_view
group by 1, 2, 3
having sum(amount) <> 0;
