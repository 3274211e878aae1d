package io.payouts.query.apikey;

import com.zaxxer.hikari.HikariDataSource;
import io.payouts.service.platform.postgres.DatabaseNotifications;
import io.payouts.testsupport.DatabaseTest;
import io.payouts.testsupport.TestPostgres;
import io.payouts.shared.Mode;
import io.payouts.shared.apikey.ApiKeyApprovedEvent;
import io.payouts.shared.apikey.ApiKeyCreatedEvent;
import io.payouts.shared.apikey.ApiKeyId;
import io.payouts.shared.apikey.ApiKeyRevokedEvent;
import io.payouts.shared.apikey.ApiKeySummary;
import io.payouts.shared.apikey.Scope;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A key revoked through one instance is refused by every other instance as soon as the change commits, not when a
 * cached copy expires (ADR-0030): two lookups, as two instances would hold them, on one database, with a cache that
 * would otherwise keep the key for an hour.
 */
@DatabaseTest
class KeyChangesOnEveryInstanceTest {

    private static final String HASH = "a".repeat(64);
    private static final Duration HOUR = Duration.ofHours(1);
    private static final Instant CREATED_AT = Instant.parse("2026-01-01T00:00:00Z");

    private final HikariDataSource dataSource = dataSource();
    private final JdbcTemplate jdbc = new JdbcTemplate(dataSource);
    private final ApiKeyRows rows = new ApiKeyRows(jdbc);
    private final DatabaseNotifications notifications = new DatabaseNotifications(dataSource);

    @AfterEach
    void stop() {
        notifications.stop();
        dataSource.close();
    }

    @Test
    void aKeyChangedOnAnotherInstanceIsForgottenHereAsTheChangeCommits() {
        ApiKeyRow key = approvedKey("key_" + "1".repeat(32));
        rows.upsert(List.of(key));
        ApiKeyLookup here = new ApiKeyLookup(rows, jdbc, HOUR);
        ApiKeyLookup elsewhere = new ApiKeyLookup(rows, jdbc, HOUR);
        notifications.listen(ApiKeyLookup.CHANGED, here::forgetAll, here::forgetAll);
        notifications.start();
        await("listening").atMost(Duration.ofSeconds(10)).until(notifications::listening);
        assertThat(here.byHash(HASH)).map(ApiKeySummary::revokedAt).isEmpty();

        rows.upsert(List.of(revoked(key)));
        elsewhere.forgetEverywhereAfterCommit();

        await("revocation seen here").atMost(Duration.ofSeconds(5))
                .until(() -> here.byHash(HASH).map(ApiKeySummary::revokedAt).isPresent());
    }

    @Test
    void withoutANotificationTheCachedKeyIsKeptForItsTimeToLive() {
        ApiKeyRow key = approvedKey("key_" + "2".repeat(32));
        rows.upsert(List.of(key));
        ApiKeyLookup here = new ApiKeyLookup(rows, jdbc, HOUR);
        here.byHash(HASH);

        rows.upsert(List.of(revoked(key)));

        assertThat(here.byHash(HASH)).map(ApiKeySummary::revokedAt).isEmpty();
    }

    private static ApiKeyRow approvedKey(String id) {
        ApiKeyRow created = ApiKeyRow.FOLD.start(new ApiKeyCreatedEvent(new ApiKeyId(id), "dispatch", Mode.SANDBOX,
                Set.of(Scope.PAYOUTS_READ), null, null, "usr_1", null, CREATED_AT), 0).orElseThrow();
        return ApiKeyRow.FOLD.evolve(created, new ApiKeyApprovedEvent(new ApiKeyId(id), "usr_1", HASH, "abcd",
                CREATED_AT), 1);
    }

    private static ApiKeyRow revoked(ApiKeyRow key) {
        return ApiKeyRow.FOLD.evolve(key, new ApiKeyRevokedEvent(new ApiKeyId(key.id()), "usr_1", null,
                CREATED_AT.plusSeconds(86_400)), 2);
    }

    private static HikariDataSource dataSource() {
        TestPostgres.TestDatabase database = TestPostgres.newDatabase();
        HikariDataSource dataSource = new HikariDataSource();
        dataSource.setJdbcUrl(database.url());
        dataSource.setUsername(database.username());
        dataSource.setPassword(database.password());
        dataSource.setMaximumPoolSize(4);
        Flyway.configure().dataSource(dataSource).load().migrate();
        return dataSource;
    }
}
