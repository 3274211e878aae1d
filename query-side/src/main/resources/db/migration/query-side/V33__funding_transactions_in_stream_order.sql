-- Funding transactions in the stream's order (ADR-0039): each row keeps the global position of the event that made
-- it, and its balance is the running sum of its mode's amounts in that order, so the table no longer depends on the
-- order the wallet projection met the events in (an event committed late, into a gap, comes after events stored
-- above it). position, the order of application, goes.

alter table funding_transaction_view add column global_position bigint;

-- A credit is a top-up's settlement or a returned payout's credit, named by its transactionId; a debit is its
-- payout's first completion.
update funding_transaction_view t
set global_position = credited.global_index
from (select convert_from(payload, 'UTF8')::jsonb -> 'transactionId' ->> 'value' as transaction_id,
             min(global_index) as global_index
      from domain_event_entry
      where payload_type in ('io.payouts.shared.wallet.TopUpSettledEvent',
                             'io.payouts.shared.wallet.ReturnedFundsCreditedEvent')
      group by 1) credited
where t.type = 'CREDIT' and t.id = credited.transaction_id;

update funding_transaction_view t
set global_position = completed.global_index
from (select aggregate_identifier, min(global_index) as global_index
      from domain_event_entry
      where payload_type = 'io.payouts.shared.payout.PayoutCompletedEvent'
      group by aggregate_identifier) completed
where t.type = 'DEBIT' and t.payout_id = completed.aggregate_identifier;

-- A transaction whose event is not in this database (the events are in Axon Server) keeps its place before every
-- stored event, in the order it was applied: a rebuild of the wallet projection places it exactly.
update funding_transaction_view t
set global_position = t.position - (select max(mode_rows.position) + 1 from funding_transaction_view mode_rows
                                    where mode_rows.mode = t.mode)
where t.global_position is null;

alter table funding_transaction_view alter column global_position set not null;
alter table funding_transaction_view drop column position;

update funding_transaction_view t
set balance = running.balance
from (select id, sum(case type when 'CREDIT' then amount else -amount end)
                     over (partition by mode order by global_position) as balance
      from funding_transaction_view) running
where t.id = running.id and t.balance <> running.balance;

-- GET /funding/transactions (newest first, optional type filter), and the balance before a transaction committed late
create unique index funding_transaction_view_by_mode on funding_transaction_view (mode, global_position desc);
create index funding_transaction_view_by_mode_type on funding_transaction_view (mode, type, global_position desc);
