package io.payouts.query;

import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;

/**
 * The read models at production scale, for their plans: 20,000 drivers, 200,000 payouts over 60 days (the first
 * 20,000 in 2,000 batches of ten), a debit per completed payout, 6,000 top-ups and the wallet's movements. One driver,
 * payout and batch in ten is the sandbox's. Every row is made in SQL, from its number, so a read can name one.
 */
public final class ReadModelIndexesFixtures {

    public static final int DRIVERS = 20_000;
    public static final int PAYOUTS = 200_000;
    public static final int BATCHES = 2_000;
    public static final int TOP_UPS = 6_000;
    /** The payouts' first day; they are requested every 25.92 s for 60 days. */
    public static final Instant START = Instant.parse("2025-03-01T00:00:00Z");
    public static final LocalDate LAST_DAY = LocalDate.ofInstant(START, ZoneOffset.UTC).plusDays(59);

    private static final String HEX = "lpad(to_hex(%s), 32, '0')";

    private ReadModelIndexesFixtures() {
    }

    public static String driverId(int n) {
        return String.format("drv_%032x", n);
    }

    public static String payoutId(int n) {
        return String.format("pay_%032x", n);
    }

    public static String batchId(int n) {
        return String.format("batch_%032x", n);
    }

    /** A top-up's id, and the id of the credit its settlement made. */
    public static String topUpId(int n) {
        return String.format("txn_f%031x", n);
    }

    /** Fills every read model of the query side, then vacuums and analyzes them as autovacuum would have. */
    public static void fill(JdbcTemplate jdbc) {
        List.of(DRIVERS_SQL, BANK_ACCOUNTS_SQL, PAYOUTS_SQL, BATCHES_SQL, TOP_UPS_SQL, FUNDING_TRANSACTIONS_SQL,
                MOVEMENTS_SQL, KEPT_SUMS_SQL, KEPT_AMOUNTS_SQL).forEach(sql -> jdbc.execute(sql.replace("START",
                "timestamptz '" + START + "'")));
        jdbc.execute("vacuum analyze");
    }

    /** Mostly active and verified; the status and KYC spread over the numbers. */
    private static final String DRIVERS_SQL = """
            insert into driver_view (id, mode, svc_driver_id, name, email, phone, status, kyc_status, created_at,
                                     updated_at, version)
            select 'drv_' || %s, case when d %% 10 = 0 then 'SANDBOX' else 'PRODUCTION' end, 'fleet-' || d,
                   'Driver ' || d, 'driver' || d || '@example.com', '+1415' || lpad(d::text, 7, '0'),
                   case when d * 7 %% 20 < 16 then 'ACTIVE' when d * 7 %% 20 = 19 then 'INACTIVE' else 'INVITED' end,
                   case when d * 7 %% 20 in (16, 17) then 'PENDING' when d * 7 %% 20 = 18 then 'REJECTED'
                        else 'VERIFIED' end,
                   START - interval '30 days' + d * interval '216 seconds',
                   START - interval '30 days' + d * interval '216 seconds', 2
            from generate_series(1, %d) d""".formatted(HEX.formatted("d"), DRIVERS);

    private static final String BANK_ACCOUNTS_SQL = """
            insert into driver_bank_account_view (driver_id, mode, state, holder_name, country, account_type,
                                                  routing_number, bic, last4, updated_at, version)
            select id, mode, case when right(id, 1) = '5' then 'NONE' else 'ON_FILE' end, name, 'US', 'CHECKING',
                   '021000021', null, right(phone, 4), created_at, version
            from driver_view""";

    /**
     * A batch's payouts share its mode and its creation time and follow its status; a payout of its own is mostly
     * completed, some failed, in flight, canceled or waiting for approval. A payout's driver is of its mode.
     */
    private static final String PAYOUTS_SQL = """
            insert into payout_view (id, mode, driver_id, amount, fee, net_amount, status, rail, description, load_id,
                                     requested_by, batch_id, requested_at, queued_at, completed_at, canceled_at,
                                     retried_at, failed_at, failure_reason, approval_status, approval_threshold,
                                     approval_requester, version)
            select 'pay_' || %s, mode,
                   'drv_' || %s,
                   amount, fee, amount - fee, status, rail, 'payout ' || n, 'load-' || n, 'dispatch',
                   case when batch is not null then 'batch_' || %s end, requested_at,
                   case when status in ('QUEUED', 'PROCESSING', 'COMPLETED', 'FAILED')
                        then requested_at + interval '5 seconds' end,
                   case when status = 'COMPLETED' then requested_at + interval '30 seconds' end,
                   case when status = 'CANCELED' then requested_at + interval '1 minute' end, null,
                   case when status = 'FAILED' then requested_at + interval '40 seconds' end,
                   case when status = 'FAILED' then 'account_closed' end,
                   case status when 'PENDING_APPROVAL' then 'PENDING' when 'REJECTED' then 'REJECTED' end,
                   case when status in ('PENDING_APPROVAL', 'REJECTED') then 100000 end,
                   case when status in ('PENDING_APPROVAL', 'REJECTED') then 'usr_requester' end, 3
            from (select n, batch, mode,
                         case when mode = 'SANDBOX' then spread * 10 + 10 else spread * 10 + 1 + n %% 9 end as driver,
                         1000 + n * 31 %% 49000 as amount,
                         case when n %% 4 = 0 then 150 else 0 end as fee,
                         case when n %% 4 = 0 then 'INSTANT' else 'STANDARD' end as rail,
                         case when batch is null then START + n * interval '25.92 seconds'
                              else START + (batch - 1) * interval '43.2 minutes' end as requested_at,
                         case when batch > 1970 then 'PENDING'
                              when batch %% 50 = 7 then 'FAILED'
                              when batch is not null then 'COMPLETED'
                              when h < 860 then 'COMPLETED' when h < 900 then 'FAILED'
                              when h < 920 then 'PROCESSING' when h < 935 then 'QUEUED'
                              when h < 945 then 'VALIDATED' when h < 965 then 'CANCELED'
                              when h < 975 then 'PENDING_APPROVAL' when h < 985 then 'REJECTED'
                              else 'COMPLETED' end as status
                  from (select n, batch, n * 104729 %% 2000 as spread, n * 7919 %% 1000 as h,
                               case when coalesce(batch, n) %% 10 = 0 then 'SANDBOX' else 'PRODUCTION' end as mode
                        from (select n::bigint as n, case when n <= %d then (n - 1) / 10 + 1 end as batch
                              from generate_series(1, %d) n) numbered) spread) payouts
            """.formatted(HEX.formatted("n"), HEX.formatted("driver"), HEX.formatted("batch"), BATCHES * 10,
            PAYOUTS);

    /**
     * The newest thirty batches wait (ten for approval, twenty queued, half of those on a schedule); of the others one
     * in fifty failed, the rest completed, and one in eleven was scheduled.
     */
    private static final String BATCHES_SQL = """
            insert into batch_view (id, mode, name, rail, status, payout_count, total_amount, total_fees, net_amount,
                                    scheduled_for, created_at, released_at, processed_at, completed_at,
                                    approval_status, approval_threshold, approval_requester, version, payout_ids)
            select batch_id, case when b %% 10 = 0 then 'SANDBOX' else 'PRODUCTION' end, 'Batch ' || b, 'STANDARD',
                   status, payouts, total, fees, total - fees,
                   case when (status = 'QUEUED' and b %% 2 = 0) or (status <> 'QUEUED' and b %% 11 = 3)
                        then created_at + interval '1 day' end,
                   created_at,
                   case when status in ('COMPLETED', 'FAILED') then created_at + interval '1 minute' end,
                   case when status in ('COMPLETED', 'FAILED') then created_at + interval '2 minutes' end,
                   case when status = 'COMPLETED' then created_at + interval '3 minutes' end,
                   case when status = 'PENDING_APPROVAL' then 'PENDING' end,
                   case when status = 'PENDING_APPROVAL' then 100000 end,
                   case when status = 'PENDING_APPROVAL' then 'usr_creator' end, 3, ids
            from (select b, 'batch_' || %s as batch_id, START + (b - 1) * interval '43.2 minutes' as created_at,
                         case when b > 1980 then 'QUEUED' when b > 1970 then 'PENDING_APPROVAL'
                              when b %% 50 = 7 then 'FAILED' else 'COMPLETED' end as status
                  from generate_series(1, %d) b) batches
            join (select batch_id, count(*) as payouts, sum(amount) as total, sum(fee) as fees,
                         array_agg(id order by id) as ids
                  from payout_view where batch_id is not null group by batch_id) payouts using (batch_id)
            """.formatted(HEX.formatted("b"), BATCHES);

    /** The newest thirty are pending. A top-up's id is the id of the credit its settlement makes. */
    private static final String TOP_UPS_SQL = """
            insert into top_up_view (id, mode, amount, status, description, method, created_at, settled_at, settled_by)
            select 'txn_f' || lpad(to_hex(t), 31, '0'), case when t %% 10 = 0 then 'SANDBOX' else 'PRODUCTION' end,
                   5000000, case when t > %1$d - 30 then 'pending' else 'settled' end, 'float', 'bank_transfer',
                   START + t * interval '864 seconds',
                   case when t <= %1$d - 30 then START + t * interval '864 seconds' + interval '1 hour' end,
                   case when t <= %1$d - 30 then 'bank' end
            from generate_series(1, %1$d) t""".formatted(TOP_UPS);

    /** A debit per completed payout, a credit per settled top-up, in the stream's order with their balances. */
    private static final String FUNDING_TRANSACTIONS_SQL = """
            insert into funding_transaction_view (id, mode, type, amount, balance, description, payout_id, created_at,
                                                  global_position, fee)
            select id, mode, type, amount,
                   sum(case type when 'CREDIT' then amount else -amount end)
                       over (partition by mode order by global_position),
                   description, payout_id, created_at, global_position, fee
            from (select *, row_number() over (order by created_at, id) as global_position
                  from (select 'txn_' || substr(id, 5) as id, mode, 'DEBIT' as type, amount, 'Payout' as description,
                               id as payout_id, completed_at as created_at, fee
                        from payout_view where status = 'COMPLETED'
                        union all
                        select id, mode, 'CREDIT', amount, 'Top-up', null, settled_at, 0
                        from top_up_view where status = 'settled') transactions) ordered""";

    /**
     * A reservation per payout that held funds, its completion or release, and each top-up's request and settlement;
     * then the hours' and minutes' sums and the wallets' balances they make.
     */
    private static final String MOVEMENTS_SQL = """
            insert into wallet_movement (global_position, mode, occurred_at, available, pending, in_transit)
            select row_number() over (order by occurred_at), mode, occurred_at, available, pending, in_transit
            from (select mode, requested_at as occurred_at, -amount as available, 0 as pending, amount as in_transit
                  from payout_view where queued_at is not null or status in ('VALIDATED', 'CANCELED')
                  union all
                  select mode, completed_at, 0, 0, -amount from payout_view where status = 'COMPLETED'
                  union all
                  select mode, coalesce(failed_at, canceled_at), amount, 0, -amount from payout_view
                  where status in ('FAILED', 'CANCELED') and batch_id is null
                  union all
                  select mode, created_at, 0, amount, 0 from top_up_view
                  union all
                  select mode, settled_at, amount, -amount, 0 from top_up_view where settled_at is not null) moves;
            insert into wallet_movement_hour (mode, hour, available, pending, in_transit)
            select mode, date_trunc('hour', occurred_at at time zone 'UTC') at time zone 'UTC', sum(available),
                   sum(pending), sum(in_transit)
            from wallet_movement group by 1, 2;
            insert into wallet_movement_minute (mode, minute, available, pending, in_transit)
            select mode, date_trunc('minute', occurred_at at time zone 'UTC') at time zone 'UTC', sum(available),
                   sum(pending), sum(in_transit)
            from wallet_movement group by 1, 2;
            insert into wallet_balance_view (id, mode, available, pending, in_transit, ledger, transaction_count,
                                             opened_at, updated_at, wallet_version)
            select 'wallet_' || lower(mode), mode, sum(available), sum(pending), sum(in_transit),
                   sum(available) + sum(in_transit),
                   (select count(*) from funding_transaction_view t where t.mode = m.mode),
                   START - interval '30 days', max(occurred_at), count(*)
            from wallet_movement m group by mode""";

    private static final String KEPT_AMOUNTS_SQL = """
            insert into funding_transaction_amount (mode, type, day, amount)
            select mode, type, (created_at at time zone 'UTC')::date, sum(amount)
            from funding_transaction_view group by 1, 2, 3""";

    /** The counts and totals the projections keep beside their rows, and the per-mode settings. */
    private static final String KEPT_SUMS_SQL = """
            insert into payout_count (mode, status, day, payouts)
            select mode, status, (requested_at at time zone 'UTC')::date, count(*) from payout_view group by 1, 2, 3;
            insert into payout_amount (mode, status, day, amount)
            select mode, status, (requested_at at time zone 'UTC')::date, sum(amount) from payout_view
            group by 1, 2, 3;
            insert into driver_count (mode, standing, day, drivers)
            select mode, status || '/' || kyc_status, (created_at at time zone 'UTC')::date, count(*)
            from driver_view group by 1, 2, 3;
            insert into funding_transaction_count (mode, type, day, transactions)
            select mode, type, (created_at at time zone 'UTC')::date, count(*)
            from funding_transaction_view group by 1, 2, 3;
            insert into driver_totals (driver_id, total_paid, pending_payouts)
            select driver_id, coalesce(sum(amount) filter (where status = 'COMPLETED'), 0),
                   count(*) filter (where status in ('PENDING', 'VALIDATED', 'QUEUED', 'PROCESSING'))
            from payout_view group by driver_id;
            insert into funding_alert_view (mode, low_balance_threshold, shortfall_within_days, set_by, set_at)
            values ('SANDBOX', 1000000, 7, 'usr_owner', START), ('PRODUCTION', 5000000, 7, 'usr_owner', START);
            insert into approval_policy_view (mode, threshold, set_by, set_at)
            values ('PRODUCTION', 100000, 'usr_owner', START)""";
}
