package io.payouts.query.apikey;

import com.zaxxer.hikari.HikariDataSource;
import io.payouts.service.platform.postgres.DatabaseNotifications;
import io.payouts.testsupport.DatabaseTest;
import io.payouts.testsupport.TestPostgres;
import io.payouts.shared.Mode;
import io.payouts.shared.apikey.ApiKeySummary;
import io.payouts.shared.apikey.Scope;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

/**
 * A key revoked through one instance is refused by every other instance as soon as the change commits, not when a
 * cached copy expires (ADR-0030): two lookups, as two instances would hold them, on one database, with a cache that
 * would otherwise keep the key for an hour.
 */
@DatabaseTest
class KeyChangesOnEveryInstanceTest {

    private static final String HASH = "a".repeat(64);
    private static final Duration HOUR = Duration.ofHours(1);

    private final HikariDataSource dataSource = dataSource();
    private final JdbcTemplate jdbc = new JdbcTemplate(dataSource);
    private final DatabaseNotifications notifications = new DatabaseNotifications(dataSource);

    @AfterEach
    void stop() {
        notifications.stop();
        dataSource.close();
    }

    @Test
    void aKeyChangedOnAnotherInstanceIsForgottenHereAsTheChangeCommits() {
        ApiKeyViewRepository rows = mock(ApiKeyViewRepository.class);
        ApiKeyView key = new ApiKeyView("key_" + "1".repeat(32), "dispatch", Mode.SANDBOX, Set.of(Scope.PAYOUTS_READ), null, null,
                "usr_1", null, Instant.parse("2026-01-01T00:00:00Z"), 0);
        key.approve("usr_1", HASH, "abcd", Instant.parse("2026-01-01T00:00:00Z"), 1);
        when(rows.findByKeyHash(HASH)).thenReturn(Optional.of(key));
        ApiKeyLookup here = new ApiKeyLookup(rows, jdbc, HOUR);
        ApiKeyLookup elsewhere = new ApiKeyLookup(rows, jdbc, HOUR);
        notifications.listen(ApiKeyLookup.CHANGED, here::forgetAll, here::forgetAll);
        notifications.start();
        await("listening").atMost(Duration.ofSeconds(10)).until(notifications::listening);
        assertThat(here.byHash(HASH)).map(ApiKeySummary::revokedAt).isEmpty();

        key.revoke("usr_1", null, Instant.parse("2026-01-02T00:00:00Z"), 2);
        elsewhere.forgetEverywhereAfterCommit();

        await("revocation seen here").atMost(Duration.ofSeconds(5))
                .until(() -> here.byHash(HASH).map(ApiKeySummary::revokedAt).isPresent());
    }

    @Test
    void withoutANotificationTheCachedKeyIsKeptForItsTimeToLive() {
        ApiKeyViewRepository rows = mock(ApiKeyViewRepository.class);
        ApiKeyView key = new ApiKeyView("key_" + "2".repeat(32), "dispatch", Mode.SANDBOX, Set.of(Scope.PAYOUTS_READ), null, null,
                "usr_1", null, Instant.parse("2026-01-01T00:00:00Z"), 0);
        key.approve("usr_1", HASH, "abcd", Instant.parse("2026-01-01T00:00:00Z"), 1);
        when(rows.findByKeyHash(HASH)).thenReturn(Optional.of(key));
        ApiKeyLookup here = new ApiKeyLookup(rows, jdbc, HOUR);
        here.byHash(HASH);

        key.revoke("usr_1", null, Instant.parse("2026-01-02T00:00:00Z"), 2);

        assertThat(here.byHash(HASH)).map(ApiKeySummary::revokedAt).isEmpty();
    }

    private static HikariDataSource dataSource() {
        TestPostgres.TestDatabase database = TestPostgres.newDatabase();
        HikariDataSource dataSource = new HikariDataSource();
        dataSource.setJdbcUrl(database.url());
        dataSource.setUsername(database.username());
        dataSource.setPassword(database.password());
        dataSource.setMaximumPoolSize(4);
        return dataSource;
    }
}
