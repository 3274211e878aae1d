package io.payouts.query.wallet;

import io.payouts.shared.Mode;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import static io.payouts.query.consistency.SqlValues.startOfUtcDay;

import java.sql.Date;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a funding statement reads (ADR-0042), in one statement so that its figures come from one snapshot: what every
 * day before its first did, from the amounts kept per day, and its own days' transactions summed per UTC day. It reads
 * the statement's days only, however many transactions came after them.
 */
@Component
class FundingStatementRows {

    /** A transaction's day is the UTC date of its {@code created_at}; credits add to the balance, debits take away. */
    private static final String DATED_TOTALS = """
            with opening as (
                select coalesce(sum(case type when 'CREDIT' then amount else -amount end), 0) as balance
                from funding_transaction_amount
                where mode = ? and day < ?),
            days as (
                select (created_at at time zone 'UTC')::date as day,
                       count(*) filter (where type = 'CREDIT' and payout_id is null) as top_up_count,
                       coalesce(sum(amount) filter (where type = 'CREDIT' and payout_id is null), 0) as top_ups,
                       count(*) filter (where type = 'DEBIT') as payout_count,
                       coalesce(sum(amount) filter (where type = 'DEBIT'), 0) as payouts_paid,
                       coalesce(sum(fee) filter (where type = 'DEBIT'), 0) as fees,
                       count(*) filter (where type = 'CREDIT' and payout_id is not null) as returned_count,
                       coalesce(sum(amount) filter (where type = 'CREDIT' and payout_id is not null), 0) as returned,
                       min(global_position) as first_position,
                       max(global_position) as last_position
                from funding_transaction_view
                where mode = ? and created_at >= ? and created_at < ?
                group by 1)
            select opening.balance as opening_balance, days.*
            from opening left join days on true
            order by days.day""";

    private final JdbcTemplate jdbc;

    FundingStatementRows(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** The balance before {@code from}, and the totals of each day from {@code from} to {@code to} that has any. */
    DatedTotals totals(Mode mode, LocalDate from, LocalDate to) {
        Map<LocalDate, DayTotals> days = new TreeMap<>();
        long[] opening = {0};
        jdbc.query(DATED_TOTALS, row -> {
            opening[0] = row.getLong("opening_balance");
            Date day = row.getDate("day");
            if (day != null) {
                days.put(day.toLocalDate(), totals(row));
            }
        }, mode.name(), Date.valueOf(from), mode.name(), startOfUtcDay(from), startOfUtcDay(to.plusDays(1)));
        return new DatedTotals(opening[0], days);
    }

    /** The ids of the mode's transactions at these global positions. */
    Map<Long, String> idsAt(Mode mode, Collection<Long> positions) {
        Map<Long, String> ids = new HashMap<>();
        if (!positions.isEmpty()) {
            jdbc.query("select global_position, id from funding_transaction_view where mode = ? "
                            + "and global_position = any (?)", row -> {
                        ids.put(row.getLong(1), row.getString(2));
                    }, mode.name(), positions.toArray(Long[]::new));
        }
        return ids;
    }

    private static DayTotals totals(ResultSet row) throws SQLException {
        return new DayTotals(row.getLong("top_ups"), row.getLong("top_up_count"), row.getLong("payouts_paid"),
                row.getLong("payout_count"), row.getLong("fees"), row.getLong("returned"),
                row.getLong("returned_count"), row.getLong("first_position"), row.getLong("last_position"));
    }

    /** The balance at the start of the statement's first day, and the totals of its days that have transactions. */
    record DatedTotals(long openingBalance, Map<LocalDate, DayTotals> days) {
    }
}
