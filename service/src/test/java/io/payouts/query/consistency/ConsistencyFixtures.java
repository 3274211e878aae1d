package io.payouts.query.consistency;

import org.springframework.jdbc.core.JdbcTemplate;

/** The consistency package's components for SQL-level tests of other read-model packages. */
public final class ConsistencyFixtures {

    private ConsistencyFixtures() {
    }

    public static StreamHeads streamHeads(JdbcTemplate jdbc) {
        return new StreamHeads(jdbc);
    }
}
