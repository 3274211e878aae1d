package io.payouts.query.consistency;

import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;

import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Collection;

/**
 * Rows a projection knows to be new, written with PostgreSQL's {@code COPY ... FROM STDIN} on the transaction's own
 * connection (ADR-0051): one statement for all of them, where a batched {@code INSERT ... ON CONFLICT} binds, parses
 * and checks each. A rebuild inserts every row of its read model this way. A row that exists after all fails the
 * whole copy, and with it the batch.
 */
public final class NewRows {

    private static final int CHUNK = 1 << 16;

    private NewRows() {
    }

    /** How one row becomes its fields, in the order of the columns named. */
    @FunctionalInterface
    public interface Fields<R> {
        void write(R row, Line line);
    }

    /** Copies {@code rows} into {@code table}'s {@code columns} (comma-separated), in the current transaction. */
    public static <R> void copy(JdbcTemplate jdbc, String table, String columns, Collection<R> rows, Fields<R> fields) {
        if (rows.isEmpty()) {
            return;
        }
        jdbc.execute((ConnectionCallback<Void>) connection -> {
            CopyIn copy = connection.unwrap(PGConnection.class).getCopyAPI()
                    .copyIn("copy " + table + " (" + columns + ") from stdin");
            try {
                Line line = new Line();
                for (R row : rows) {
                    fields.write(row, line);
                    line.end();
                    if (line.text.length() >= CHUNK) {
                        line.sendTo(copy);
                    }
                }
                line.sendTo(copy);
                copy.endCopy();
            } finally {
                if (copy.isActive()) {
                    copy.cancelCopy();
                }
            }
            return null;
        });
    }

    /**
     * A row in COPY's text format: fields apart by tabs, {@code \N} for null, and the characters that format gives a
     * meaning escaped. Instants go to the microsecond, rounded half up, as the JDBC driver rounds a bound timestamp.
     */
    public static final class Line {

        private final StringBuilder text = new StringBuilder(CHUNK + 4096);
        private boolean first = true;

        public Line text(String value) {
            separate();
            if (value == null) {
                text.append("\\N");
                return this;
            }
            for (int i = 0; i < value.length(); i++) {
                char c = value.charAt(i);
                switch (c) {
                    case '\\' -> text.append("\\\\");
                    case '\t' -> text.append("\\t");
                    case '\n' -> text.append("\\n");
                    case '\r' -> text.append("\\r");
                    default -> text.append(c);
                }
            }
            return this;
        }

        public Line number(long value) {
            separate();
            text.append(value);
            return this;
        }

        public Line number(Long value) {
            return value == null ? text(null) : number(value.longValue());
        }

        public Line instant(Instant value) {
            return text(value == null ? null : value.plusNanos(500).truncatedTo(ChronoUnit.MICROS).toString());
        }

        private void separate() {
            if (!first) {
                text.append('\t');
            }
            first = false;
        }

        private void end() {
            text.append('\n');
            first = true;
        }

        private void sendTo(CopyIn copy) throws SQLException {
            byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
            copy.writeToCopy(bytes, 0, bytes.length);
            text.setLength(0);
        }
    }
}
