package io.payouts.query.payout;

import io.payouts.shared.Mode;
import io.payouts.shared.payout.PayoutStatus;
import org.springframework.jdbc.core.JdbcTemplate;

import java.sql.Date;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code payout_count}: how many payouts of each mode are in each status, by the UTC day they were requested, so that
 * a list's total is a sum over days whatever the number of payouts (ADR-0045). Written with the rows whose moves it
 * counts, in the same transaction; a day whose count falls to nothing has no row, as after a rebuild.
 */
final class PayoutCounts {

    private static final Comparator<Key> ORDER = Comparator.comparing(Key::mode).thenComparing(Key::status)
            .thenComparing(Key::day);

    private final JdbcTemplate jdbc;

    PayoutCounts(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** What these rows' writes, from {@code before} (absent for a new payout), move between the counts. */
    static Map<Key, Long> changes(Map<String, PayoutRow> before, List<PayoutRow> written) {
        Map<Key, Long> changes = new TreeMap<>(ORDER);
        for (PayoutRow now : written) {
            PayoutRow was = before.get(now.id());
            if (was != null && (was.version() >= now.version() || was.status() == now.status())) {
                continue;
            }
            if (was != null) {
                changes.merge(Key.of(was), -1L, Long::sum);
            }
            changes.merge(Key.of(now), 1L, Long::sum);
        }
        changes.values().removeIf(change -> change == 0);
        return changes;
    }

    void add(Map<Key, Long> changes) {
        if (changes.isEmpty()) {
            return;
        }
        List<Object[]> rows = new ArrayList<>();
        changes.forEach((key, change) -> rows.add(new Object[] {key.mode().name(), key.status().name(),
                Date.valueOf(key.day()), change}));
        jdbc.batchUpdate("""
                insert into payout_count (mode, status, day, payouts) values (?, ?, ?, ?)
                on conflict (mode, status, day) do update set payouts = payout_count.payouts + excluded.payouts""",
                rows);
        if (changes.values().stream().anyMatch(change -> change < 0)) {
            jdbc.update("delete from payout_count where payouts = 0");
        }
    }

    /** The mode's payouts in one status or (null) any, requested on the UTC days from {@code from} to {@code to}. */
    long count(Mode mode, PayoutStatus status, LocalDate from, LocalDate to) {
        StringBuilder sql = new StringBuilder("select coalesce(sum(payouts), 0) from payout_count where mode = ?");
        List<Object> arguments = new ArrayList<>(List.of(mode.name()));
        if (status != null) {
            sql.append(" and status = ?");
            arguments.add(status.name());
        }
        if (from != null) {
            sql.append(" and day >= ?");
            arguments.add(Date.valueOf(from));
        }
        if (to != null) {
            sql.append(" and day <= ?");
            arguments.add(Date.valueOf(to));
        }
        Long count = jdbc.queryForObject(sql.toString(), Long.class, arguments.toArray());
        return count == null ? 0 : count;
    }

    void deleteAll() {
        jdbc.update("delete from payout_count");
    }

    void deleteMode(Mode mode) {
        jdbc.update("delete from payout_count where mode = ?", mode.name());
    }

    /** A mode, a status and the UTC day of the payouts' request. */
    record Key(Mode mode, PayoutStatus status, LocalDate day) {

        static Key of(PayoutRow row) {
            return new Key(row.mode(), row.status(), LocalDate.ofInstant(row.requestedAt(), ZoneOffset.UTC));
        }
    }
}
