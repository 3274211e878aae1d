-- The driver list's payout totals move out of driver_view into a table of their own, written by the payout
-- projection in the same transaction as the payout rows they count (ADR-0018): each table has one writer, and the
-- totals follow exactly the payouts the payout read model shows. Filled from that read model.

create table driver_totals (
    driver_id       varchar(40) not null primary key,
    total_paid      bigint      not null,
    pending_payouts bigint      not null
);

insert into driver_totals (driver_id, total_paid, pending_payouts)
select driver_id,
       coalesce(sum(amount) filter (where status = 'COMPLETED'), 0),
       count(*) filter (where status in ('PENDING', 'VALIDATED', 'QUEUED', 'PROCESSING'))
from payout_view
group by driver_id;

alter table driver_view drop column total_paid;
alter table driver_view drop column pending_payouts;
