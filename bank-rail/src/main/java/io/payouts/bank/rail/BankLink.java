package io.payouts.bank.rail;

import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Optional;

import static io.payouts.bank.rail.OutboxPayments.timestamp;

/**
 * Whether the bank answers, as the last contact of any instance found ({@code bank_link}): what readiness details and
 * the {@code payouts_rail_bank_reachable} gauge show on every instance, whichever one holds the rounds.
 */
class BankLink {

    private final JdbcTemplate jdbc;
    private final Clock clock;

    BankLink(JdbcTemplate jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    void answered() {
        jdbc.update("update bank_link set last_success_at = ? where id = 1", timestamp(clock.instant()));
    }

    void unreachable(String error) {
        jdbc.update("update bank_link set last_failure_at = ?, last_error = ? where id = 1",
                timestamp(clock.instant()), error.length() > 500 ? error.substring(0, 500) : error);
    }

    Status status() {
        return jdbc.queryForObject("select last_success_at, last_failure_at, last_error from bank_link where id = 1",
                (row, index) -> new Status(instant(row.getObject(1, OffsetDateTime.class)),
                        instant(row.getObject(2, OffsetDateTime.class)), Optional.ofNullable(row.getString(3))));
    }

    private static Optional<Instant> instant(OffsetDateTime time) {
        return Optional.ofNullable(time).map(OffsetDateTime::toInstant);
    }

    /** The last answer and the last failure; reachable unless the failure is the later one. */
    record Status(Optional<Instant> lastSuccess, Optional<Instant> lastFailure, Optional<String> lastError) {

        boolean reachable() {
            return lastFailure.isEmpty() || lastSuccess.map(success -> success.isAfter(lastFailure.get()))
                    .orElse(false);
        }
    }
}
