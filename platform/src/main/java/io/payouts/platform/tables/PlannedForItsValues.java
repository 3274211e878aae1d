package io.payouts.platform.tables;

import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Runs a statement over a table that fills and empties as work passes through it (a queue of steps, a batch's
 * members) with a plan made for the values it is given. The driver prepares a statement run often, and PostgreSQL
 * then caches a generic plan for it: made while such a table was nearly empty, that plan scans the table and compares
 * every row with every value of an {@code = any (?)} array, rows times values once the table has filled (80 ms for
 * 440 ids over 11,000 rows). Planned with its values, the array is hashed or the key is used. Inside a transaction
 * only: the setting is the transaction's, and a failure rolls it back with the transaction.
 */
public final class PlannedForItsValues {

    private PlannedForItsValues() {
    }

    public static void run(JdbcTemplate jdbc, Runnable statement) {
        jdbc.execute("set local plan_cache_mode = force_custom_plan");
        statement.run();
        jdbc.execute("set local plan_cache_mode to default");
    }
}
