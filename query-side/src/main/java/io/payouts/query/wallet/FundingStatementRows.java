package io.payouts.query.wallet;

import io.payouts.shared.Mode;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.sql.Date;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a funding statement reads from {@code funding_transaction_view} (ADR-0042), in one statement so that its
 * figures come from one snapshot: the mode's newest balance, and the transactions dated from the statement's first
 * day on, summed per UTC day up to its last day and as one bucket after it.
 */
@Component
class FundingStatementRows {

    /**
     * A transaction's day is the UTC date of its {@code created_at}; every day after the statement's last falls in the
     * bucket dated the day after it. The balance is the running balance of the mode's newest transaction.
     */
    private static final String DATED_TOTALS = """
            with newest as (
                select coalesce((select balance from funding_transaction_view where mode = ?
                                 order by global_position desc limit 1), 0) as balance),
            days as (
                select least((created_at at time zone 'UTC')::date, ?) as day,
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
                where mode = ? and created_at >= ?
                group by 1)
            select newest.balance as newest_balance, days.*
            from newest left join days on true
            order by days.day""";

    private final JdbcTemplate jdbc;

    FundingStatementRows(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** The newest balance, and the totals of each day from {@code from} to {@code to} that has transactions. */
    DatedTotals totals(Mode mode, LocalDate from, LocalDate to) {
        LocalDate after = to.plusDays(1);
        Map<LocalDate, DayTotals> days = new TreeMap<>();
        long[] newestBalance = {0};
        jdbc.query(DATED_TOTALS, row -> {
            newestBalance[0] = row.getLong("newest_balance");
            Date day = row.getDate("day");
            if (day != null) {
                days.put(day.toLocalDate(), totals(row));
            }
        }, mode.name(), after, mode.name(), Timestamp.from(from.atStartOfDay(ZoneOffset.UTC).toInstant()));
        DayTotals later = days.getOrDefault(after, DayTotals.NONE);
        days.remove(after);
        return new DatedTotals(newestBalance[0], days, later);
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

    /**
     * The mode's newest balance, the totals of the statement's days that have transactions, and of every day after
     * them: the opening balance is the newest balance less what every day from the first on did.
     */
    record DatedTotals(long newestBalance, Map<LocalDate, DayTotals> days, DayTotals later) {

        long openingBalance() {
            return newestBalance - later.net() - days.values().stream().mapToLong(DayTotals::net).sum();
        }
    }
}
