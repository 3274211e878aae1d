package io.payouts.audit;

import io.payouts.shared.Mode;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Which of the log's events a request reads: one mode, the public types the caller may read (narrowed by a
 * {@code type} filter), optionally one resource and a time range {@code [from, to)}.
 */
record EventFilter(Mode mode, Set<String> types, String resourceId, Instant from, Instant to) {

    /** The where clause over {@code audit_event a}, and its arguments in order. */
    Clause where() {
        List<Object> arguments = new ArrayList<>();
        StringBuilder sql = new StringBuilder("a.mode = ? and a.type = any (?)");
        arguments.add(mode.name());
        arguments.add(types.toArray(String[]::new));
        if (resourceId != null) {
            sql.append(" and a.resource_ids @> array[?]::text[]");
            arguments.add(resourceId);
        }
        if (from != null) {
            sql.append(" and a.occurred_at >= ?");
            arguments.add(java.sql.Timestamp.from(from));
        }
        if (to != null) {
            sql.append(" and a.occurred_at < ?");
            arguments.add(java.sql.Timestamp.from(to));
        }
        return new Clause(sql.toString(), arguments);
    }

    record Clause(String sql, List<Object> arguments) {
    }
}
