package io.payouts.query;

import io.payouts.testsupport.ReadModelDatabase;

/**
 * The database of the read models' SQL-level tests: platform's migrations and the query side's, with payout-rail's,
 * since the query side's V8 (batches) also adds a column to the rail's {@code rail_payment}.
 */
public final class QuerySideDatabase {

    private QuerySideDatabase() {
    }

    public static ReadModelDatabase migrated() {
        return ReadModelDatabase.migrated("query-side", "payout-rail");
    }
}
