-- A funding statement's opening balance is what every day before its first did: kept per mode, type and UTC day as
-- the transactions are added (as their counts are, ADR-0045), so a statement reads its own days instead of every
-- transaction from its first day to now (ADR-0042).
create table funding_transaction_amount (
    mode   varchar(16) not null,
    type   varchar(16) not null,
    day    date        not null,
    amount bigint      not null,
    primary key (mode, type, day)
);

insert into funding_transaction_amount (mode, type, day, amount)
select mode, type, (created_at at time zone 'UTC')::date, sum(amount)
from funding_transaction_view
group by 1, 2, 3;
