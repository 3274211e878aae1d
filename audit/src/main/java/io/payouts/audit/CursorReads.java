package io.payouts.audit;

import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.stereotype.Component;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/**
 * Reads of the whole audit log (the export, the chain's verification) a few hundred rows at a time from a database
 * cursor, so that the heap holds a page, never the log: PostgreSQL's driver honours a fetch size only inside a
 * transaction, and otherwise reads the whole result before the first row is handed over.
 */
@Component
class CursorReads {

    static final int FETCH_SIZE = 500;

    private final DataSource dataSource;

    CursorReads(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** Hands each row to {@code each}, in the query's order, in a read-only transaction of its own. */
    void forEachRow(String sql, List<?> arguments, RowCallbackHandler each) {
        try (Connection connection = dataSource.getConnection()) {
            boolean autoCommit = connection.getAutoCommit();
            connection.setAutoCommit(false);
            try (PreparedStatement statement = connection.prepareStatement(sql)) {
                statement.setFetchSize(FETCH_SIZE);
                for (int i = 0; i < arguments.size(); i++) {
                    statement.setObject(i + 1, arguments.get(i));
                }
                try (ResultSet rows = statement.executeQuery()) {
                    while (rows.next()) {
                        each.processRow(rows);
                    }
                }
            } finally {
                connection.rollback();
                connection.setAutoCommit(autoCommit);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("could not read the audit log: " + e.getMessage(), e);
        }
    }
}
