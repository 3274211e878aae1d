-- The totals of GET /payouts and GET /funding/transactions, kept by the projections as their rows change (ADR-0045):
-- a list's total is a sum over the days of its mode, however many rows the list holds.
create table payout_count (
    mode    varchar(16) not null,
    status  varchar(16) not null,
    day     date        not null,
    payouts bigint      not null,
    primary key (mode, status, day)
);

insert into payout_count (mode, status, day, payouts)
select mode, status, (requested_at at time zone 'UTC')::date, count(*)
from payout_view
group by 1, 2, 3;

create table funding_transaction_count (
    mode         varchar(16) not null,
    type         varchar(16) not null,
    day          date        not null,
    transactions bigint      not null,
    primary key (mode, type, day)
);

insert into funding_transaction_count (mode, type, day, transactions)
select mode, type, (created_at at time zone 'UTC')::date, count(*)
from funding_transaction_view
group by 1, 2, 3;
