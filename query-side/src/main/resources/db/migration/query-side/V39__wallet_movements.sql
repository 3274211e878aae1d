-- The balance as of an instant (ADR-0044, amending ADR-0027) is a sum: every wallet event and payout completion moves
-- available, pending and in-transit funds by fixed amounts, whatever the order. The wallet projection keeps each
-- movement with its event's own time, and the sums of each UTC hour, so an instant's balance reads the closed hours'
-- sums and the movements of its own hour, however long the history.
create table wallet_movement (
    global_position bigint primary key,
    mode            text        not null,
    occurred_at     timestamptz not null,
    available       bigint      not null,
    pending         bigint      not null,
    in_transit      bigint      not null
);

create index wallet_movement_by_mode_time on wallet_movement (mode, occurred_at)
    include (available, pending, in_transit);

create table wallet_movement_hour (
    mode      text        not null,
    hour      timestamptz not null,
    available bigint      not null,
    pending   bigint      not null,
    in_transit bigint     not null,
    primary key (mode, hour)
);

-- backfill: the movements of the events already stored here, as the projection makes them (with Axon Server the
-- events are elsewhere: a rebuild of the wallet projection writes them).
insert into wallet_movement (global_position, mode, occurred_at, available, pending, in_transit)
select e.global_index, m.mode, e.time_stamp::timestamptz,
       case e.payload_type
           when 'io.payouts.shared.wallet.TopUpSettledEvent' then (p ->> 'amount')::bigint
           when 'io.payouts.shared.wallet.ReturnedFundsCreditedEvent' then (p ->> 'amount')::bigint
           when 'io.payouts.shared.wallet.FundsReleasedEvent' then (p ->> 'amount')::bigint
           when 'io.payouts.shared.wallet.FundsReservedEvent'
               then -(select coalesce(sum((r ->> 'amount')::bigint), 0) from jsonb_array_elements(p -> 'reservations') r)
           else 0 end,
       case e.payload_type
           when 'io.payouts.shared.wallet.TopUpRequestedEvent' then (p ->> 'amount')::bigint
           when 'io.payouts.shared.wallet.TopUpSettledEvent' then -(p ->> 'amount')::bigint
           else 0 end,
       case e.payload_type
           when 'io.payouts.shared.wallet.FundsReservedEvent'
               then (select coalesce(sum((r ->> 'amount')::bigint), 0) from jsonb_array_elements(p -> 'reservations') r)
           when 'io.payouts.shared.wallet.FundsReleasedEvent' then -(p ->> 'amount')::bigint
           when 'io.payouts.shared.payout.PayoutCompletedEvent' then -(p ->> 'amount')::bigint
           else 0 end
from domain_event_entry e
         cross join lateral (select convert_from(e.payload, 'UTF8')::jsonb as p) payload
         -- a wallet's stream is its mode's (wallet_sandbox, wallet_production); a completion names its mode
         cross join lateral (select case when e.aggregate_identifier like 'wallet\_%'
                                         then upper(substr(e.aggregate_identifier, 8))
                                         else p ->> 'mode' end as mode) m
where e.payload_type in ('io.payouts.shared.wallet.TopUpRequestedEvent',
                         'io.payouts.shared.wallet.TopUpSettledEvent',
                         'io.payouts.shared.wallet.FundsReservedEvent',
                         'io.payouts.shared.wallet.FundsReleasedEvent',
                         'io.payouts.shared.wallet.ReturnedFundsCreditedEvent',
                         'io.payouts.shared.payout.PayoutCompletedEvent')
  and m.mode is not null
  -- a sandbox reset made the projection forget the sandbox's movements before it, where those events are kept
  and (m.mode <> 'SANDBOX' or e.global_index > (select coalesce(max(global_index), -1) from domain_event_entry
                                                      where payload_type = 'io.payouts.shared.wallet.SandboxResetEvent'));

insert into wallet_movement_hour (mode, hour, available, pending, in_transit)
select mode, date_trunc('hour', occurred_at at time zone 'UTC') at time zone 'UTC', sum(available), sum(pending),
       sum(in_transit)
from wallet_movement
group by 1, 2;
