package io.payouts.query.consistency;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;

/** Instants in and out of the read models' {@code timestamp with time zone} columns, null for null. */
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
}
