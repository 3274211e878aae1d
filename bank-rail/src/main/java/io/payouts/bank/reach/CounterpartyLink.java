package io.payouts.bank.reach;

import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Optional;

/**
 * Whether the counterparty answers, as the last round of any instance found, in a one-row table ({@code bank_link},
 * {@code provider_link}): what its health component and its reachable gauge show on every instance, whichever one
 * holds the rounds.
 */
public class CounterpartyLink {

    private final JdbcTemplate jdbc;
    private final Clock clock;
    private final String table;

    /** @param table the rail's own link table, a constant of the rail (never input) */
    public CounterpartyLink(JdbcTemplate jdbc, Clock clock, String table) {
        this.jdbc = jdbc;
        this.clock = clock;
        this.table = table;
    }

    public void answered() {
        jdbc.update("update " + table + " set last_success_at = ? where id = 1", now());
    }

    public void unreachable(String error) {
        jdbc.update("update " + table + " set last_failure_at = ?, last_error = ? where id = 1", now(),
                error.length() > 500 ? error.substring(0, 500) : error);
    }

    public Status status() {
        return jdbc.queryForObject("select last_success_at, last_failure_at, last_error from " + table + " where id = 1",
                (row, index) -> new Status(instant(row.getObject(1, OffsetDateTime.class)),
                        instant(row.getObject(2, OffsetDateTime.class)), Optional.ofNullable(row.getString(3))));
    }

    private OffsetDateTime now() {
        return OffsetDateTime.ofInstant(clock.instant(), ZoneOffset.UTC);
    }

    private static Optional<Instant> instant(OffsetDateTime time) {
        return Optional.ofNullable(time).map(OffsetDateTime::toInstant);
    }

    /** The last answer and the last failure; reachable unless the failure is the later one. */
    public record Status(Optional<Instant> lastSuccess, Optional<Instant> lastFailure, Optional<String> lastError) {

        public boolean reachable() {
            return lastFailure.isEmpty() || lastSuccess.map(success -> success.isAfter(lastFailure.get()))
                    .orElse(false);
        }
    }
}
