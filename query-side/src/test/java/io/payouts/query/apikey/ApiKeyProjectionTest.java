package io.payouts.query.apikey;

import io.payouts.testsupport.DatabaseTest;
import io.payouts.testsupport.ReadModelDatabase;
import io.payouts.shared.Mode;
import io.payouts.shared.apikey.ApiKeyApprovedEvent;
import io.payouts.shared.apikey.ApiKeyCreatedEvent;
import io.payouts.shared.apikey.ApiKeyId;
import io.payouts.shared.apikey.ApiKeyRevokedEvent;
import io.payouts.shared.apikey.ApiKeySummary;
import io.payouts.shared.apikey.ApprovalStatus;
import io.payouts.shared.apikey.Scope;
import io.payouts.shared.eventhandling.BatchedEventHandler.Collected;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;

import static io.payouts.testsupport.ProcessorBatches.inOneBatch;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The API-key projection on PostgreSQL (ADR-0018): a key's events fold into its row a batch at a time, a redelivered
 * event changes nothing, and a batch that changes a key makes the lookup forget the keys it found.
 */
@DatabaseTest
class ApiKeyProjectionTest {

    private static final ReadModelDatabase DATABASE = ReadModelDatabase.migrated("query-side", "payout-rail", "service");
    private static final ApiKeyId KEY = new ApiKeyId("key_" + "0".repeat(31) + "1");
    private static final ApiKeyId OTHER_KEY = new ApiKeyId("key_" + "0".repeat(31) + "2");
    private static final Instant AT = Instant.parse("2026-01-15T09:00:00.123456Z");
    private static final String HASH = "c".repeat(64);

    private final ApiKeyRows rows = new ApiKeyRows(DATABASE.jdbc());
    private final ApiKeyLookup lookup = new ApiKeyLookup(rows, DATABASE.jdbc(), Duration.ofHours(1));
    private final ApiKeyProjection projection = new ApiKeyProjection(rows, lookup);

    @BeforeEach
    void startFromNothing() {
        DATABASE.jdbc().update("delete from api_key_view");
    }

    @Test
    void aBatchFoldsEachKeysEventsIntoOneWrite() {
        inOneBatch(projection::on, List.of(new Collected(KEY.value(), created(KEY), 0),
                new Collected(OTHER_KEY.value(), created(OTHER_KEY), 0),
                new Collected(KEY.value(), approved(KEY), 1)));

        assertThat(rows.find(KEY.value())).hasValueSatisfying(key -> {
            assertThat(key.approvalStatus()).isEqualTo(ApprovalStatus.APPROVED);
            assertThat(key.keyHash()).isEqualTo(HASH);
            assertThat(key.scopes()).containsExactly(Scope.DRIVERS_READ, Scope.PAYOUTS_READ);
            assertThat(key.createdAt()).isEqualTo(AT);
            assertThat(key.version()).isEqualTo(1);
        });
        assertThat(rows.find(OTHER_KEY.value()).map(ApiKeyRow::approvalStatus)).contains(ApprovalStatus.PENDING);
    }

    @Test
    void aRedeliveredEventLeavesTheRowAsItIs() {
        projection.on(created(KEY), 0);
        projection.on(approved(KEY), 1);
        ApiKeyRow before = rows.find(KEY.value()).orElseThrow();

        projection.on(created(KEY), 0);
        projection.on(new ApiKeyRevokedEvent(KEY, "usr_dev", null, AT), 1);

        assertThat(rows.find(KEY.value())).contains(before);
        assertThat(rows.versionOf(KEY.value())).contains(1L);
    }

    @Test
    void aKeyChangedBeforeItWasCreatedFailsTheBatchAndWritesNothing() {
        assertThatThrownBy(() -> inOneBatch(projection::on, List.of(new Collected(KEY.value(), created(KEY), 0),
                new Collected(OTHER_KEY.value(), approved(OTHER_KEY), 1))))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(OTHER_KEY.value());

        assertThat(rows.byIds(List.of(KEY.value(), OTHER_KEY.value()))).isEmpty();
    }

    @Test
    void aRevokedKeyIsNoLongerFoundAsItWas() {
        projection.on(created(KEY), 0);
        projection.on(approved(KEY), 1);
        assertThat(lookup.byHash(HASH).map(ApiKeySummary::revokedAt)).isEmpty();

        inOneBatch(projection::on, List.of(new Collected(KEY.value(), new ApiKeyRevokedEvent(KEY, "usr_dev", null,
                AT.plusSeconds(60)), 2)));

        assertThat(lookup.byHash(HASH).map(ApiKeySummary::revokedAt)).contains(AT.plusSeconds(60));
    }

    @Test
    void aSandboxResetLeavesTheKeysAndAResetEmptiesThem() {
        projection.on(created(KEY), 0);

        projection.forgetSandbox();
        assertThat(rows.find(KEY.value())).isPresent();

        projection.onReset();
        assertThat(rows.find(KEY.value())).isEmpty();
    }

    private static ApiKeyCreatedEvent created(ApiKeyId key) {
        return new ApiKeyCreatedEvent(key, "dispatch", Mode.SANDBOX, Set.of(Scope.PAYOUTS_READ, Scope.DRIVERS_READ),
                null, null, "usr_dev", null, AT);
    }

    private static ApiKeyApprovedEvent approved(ApiKeyId key) {
        return new ApiKeyApprovedEvent(key, ApiKeyApprovedEvent.AUTOMATIC, HASH, "wxyz", AT);
    }
}
