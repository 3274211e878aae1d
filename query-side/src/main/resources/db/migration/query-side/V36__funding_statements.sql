-- Daily funding statements (ADR-0042). A debit keeps the fee its payout carried (amount - net amount), so a
-- statement tells the fees inside the payouts paid without reading another projection's table.
alter table funding_transaction_view add column fee bigint not null default 0;

update funding_transaction_view t
set fee = p.fee
from payout_view p
where t.type = 'DEBIT' and p.id = t.payout_id and p.fee <> 0;

-- A statement groups the transactions dated from its first day on by UTC day, and the list filters a day: both read
-- one range of this index, without visiting the table.
create index funding_transaction_view_by_mode_created on funding_transaction_view (mode, created_at)
    include (type, amount, fee, payout_id, global_position);
