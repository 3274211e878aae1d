package io.payouts.bank.provider;

import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Optional;

import static io.payouts.bank.provider.ProviderOutbox.timestamp;

/**
 * Whether the provider answers, as the last round of any instance found ({@code provider_link}): what the health
 * component {@code provider} and the {@code payouts_rail_provider_reachable} gauge show on every instance, whichever
 * one holds the rounds. An answer is any HTTP answer but a 5xx; a 5xx, a timeout or no connection is none.
 */
class ProviderLink {

    private final JdbcTemplate jdbc;
    private final Clock clock;

    ProviderLink(JdbcTemplate jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    void answered() {
        jdbc.update("update provider_link set last_success_at = ? where id = 1", timestamp(clock.instant()));
    }

    void unreachable(String error) {
        jdbc.update("update provider_link set last_failure_at = ?, last_error = ? where id = 1",
                timestamp(clock.instant()), error.length() > 500 ? error.substring(0, 500) : error);
    }

    Status status() {
        return jdbc.queryForObject(
                "select last_success_at, last_failure_at, last_error from provider_link where id = 1",
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
