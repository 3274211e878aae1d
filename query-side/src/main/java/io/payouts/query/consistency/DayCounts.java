package io.payouts.query.consistency;

import io.payouts.shared.Mode;
import org.springframework.jdbc.core.JdbcTemplate;

import java.sql.Date;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * A list's total kept as rows of {@code (mode, category, day, count)}: what a projection's writes add to each, in key
 * order in the batch's transaction, so that a total is a sum over days whatever the rows it counts (ADR-0045). A
 * count that falls to nothing has no row, as after a rebuild.
 */
public final class DayCounts {

    private final JdbcTemplate jdbc;
    private final String table;
    private final String category;
    private final String count;

    /** {@code table}'s columns are mode, {@code category}, day and {@code count}. */
    public DayCounts(JdbcTemplate jdbc, String table, String category, String count) {
        this.jdbc = jdbc;
        this.table = table;
        this.category = category;
        this.count = count;
    }

    /** An empty set of changes, in the order they are written. */
    public static Map<Key, Long> changes() {
        return new TreeMap<>(Comparator.comparing(Key::mode).thenComparing(Key::category).thenComparing(Key::day));
    }

    /**
     * What writing these rows moves between the counts: each row from its stored version's key (none for a new row)
     * to its own. A row no newer than the stored one is not written, so it moves nothing.
     */
    public static <R> Map<Key, Long> moves(Map<String, R> before, Collection<R> written, Function<R, String> id,
                                           ToLongFunction<R> version, Function<R, Key> key) {
        return moves(before, written, id, version, key, row -> 1);
    }

    /** As {@link #moves(Map, Collection, Function, ToLongFunction, Function)}, each row weighing {@code weight}. */
    public static <R> Map<Key, Long> moves(Map<String, R> before, Collection<R> written, Function<R, String> id,
                                           ToLongFunction<R> version, Function<R, Key> key,
                                           ToLongFunction<R> weight) {
        Map<Key, Long> changes = changes();
        for (R now : written) {
            R was = before.get(id.apply(now));
            if (was != null && (version.applyAsLong(was) >= version.applyAsLong(now)
                    || key.apply(was).equals(key.apply(now)))) {
                continue;
            }
            if (was != null) {
                changes.merge(key.apply(was), -weight.applyAsLong(was), Long::sum);
            }
            changes.merge(key.apply(now), weight.applyAsLong(now), Long::sum);
        }
        return changes;
    }

    public void add(Map<Key, Long> changes) {
        List<Object[]> added = new ArrayList<>();
        List<Object[]> fell = new ArrayList<>();
        changes.forEach((key, change) -> {
            if (change != 0) {
                added.add(new Object[] {key.mode().name(), key.category(), Date.valueOf(key.day()), change});
            }
            if (change < 0) {
                fell.add(new Object[] {key.mode().name(), key.category(), Date.valueOf(key.day())});
            }
        });
        if (added.isEmpty()) {
            return;
        }
        jdbc.batchUpdate("insert into " + table + " (mode, " + category + ", day, " + count + ") values (?, ?, ?, ?)"
                + " on conflict (mode, " + category + ", day) do update set " + count + " = " + table + "." + count
                + " + excluded." + count, added);
        if (!fell.isEmpty()) {
            jdbc.batchUpdate("delete from " + table + " where mode = ? and " + category + " = ? and day = ? and "
                    + count + " = 0", fell);
        }
    }

    /** The mode's rows of one category or (null) any, on the UTC days from {@code from} to {@code to} (null: open). */
    public long count(Mode mode, String ofCategory, LocalDate from, LocalDate to) {
        return count(mode, ofCategory == null ? null : List.of(ofCategory), from, to);
    }

    /** The mode's rows of these categories or (null) any, on the UTC days from {@code from} to {@code to}. */
    public long count(Mode mode, Collection<String> ofCategories, LocalDate from, LocalDate to) {
        StringBuilder sql = new StringBuilder("select coalesce(sum(" + count + "), 0) from " + table
                + " where mode = ?");
        List<Object> arguments = new ArrayList<>(List.of(mode.name()));
        if (ofCategories != null) {
            sql.append(" and ").append(category).append(" = any (?)");
            arguments.add(ofCategories.toArray(String[]::new));
        }
        if (from != null) {
            sql.append(" and day >= ?");
            arguments.add(Date.valueOf(from));
        }
        if (to != null) {
            sql.append(" and day <= ?");
            arguments.add(Date.valueOf(to));
        }
        Long total = jdbc.queryForObject(sql.toString(), Long.class, arguments.toArray());
        return total == null ? 0 : total;
    }

    public void deleteAll() {
        jdbc.update("delete from " + table);
    }

    public void deleteMode(Mode mode) {
        jdbc.update("delete from " + table + " where mode = ?", mode.name());
    }

    /** A mode, a category (a status, a type) as stored, and a UTC day. */
    public record Key(Mode mode, String category, LocalDate day) {
    }
}
