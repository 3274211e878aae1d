package io.payouts.query.consistency;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;

/**
 * Instants in and out of the read models' {@code timestamp with time zone} columns, null for null, and the start of a
 * UTC day, which bounds a day range on them.
 */
public final class SqlValues {

    private SqlValues() {
    }

    public static void setInstant(PreparedStatement statement, int index, Instant at) throws SQLException {
        if (at == null) {
            statement.setNull(index, Types.TIMESTAMP_WITH_TIMEZONE);
        } else {
            statement.setTimestamp(index, Timestamp.from(at));
        }
    }

    public static Instant instant(ResultSet row, String column) throws SQLException {
        Timestamp at = row.getTimestamp(column);
        return at == null ? null : at.toInstant();
    }

    /** 00:00 UTC of {@code day}: a range of days is {@code >= startOfUtcDay(from) and < startOfUtcDay(to + 1)}. */
    public static Timestamp startOfUtcDay(LocalDate day) {
        return Timestamp.from(day.atStartOfDay(ZoneOffset.UTC).toInstant());
    }
}
