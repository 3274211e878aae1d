package io.payouts.query.apikey;

import io.payouts.shared.Mode;
import io.payouts.shared.apikey.ApiKeyApprovedEvent;
import io.payouts.shared.apikey.ApiKeyCreatedEvent;
import io.payouts.shared.apikey.ApiKeyId;
import io.payouts.shared.apikey.ApiKeyRejectedEvent;
import io.payouts.shared.apikey.ApiKeyRevokedEvent;
import io.payouts.shared.apikey.ApiKeySummary;
import io.payouts.shared.apikey.ApprovalStatus;
import io.payouts.shared.apikey.Scope;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The rules that fold an API key's stream into its row. */
class ApiKeyRowTest {

    private static final ApiKeyId KEY = new ApiKeyId("key_" + "0".repeat(31) + "1");
    private static final ApiKeyId PREDECESSOR = new ApiKeyId("key_" + "0".repeat(31) + "2");
    private static final ApiKeyId SUCCESSOR = new ApiKeyId("key_" + "0".repeat(31) + "3");
    private static final Instant CREATED_AT = Instant.parse("2026-01-15T09:00:00Z");
    private static final Instant EXPIRES_AT = Instant.parse("2026-04-15T09:00:00Z");
    private static final Instant DECIDED_AT = Instant.parse("2026-01-15T10:00:00Z");
    private static final Instant REVOKED_AT = Instant.parse("2026-01-16T09:00:00Z");
    private static final String HASH = "b".repeat(64);

    @Test
    void creationMakesAPendingKeyWithoutAHash() {
        ApiKeyRow row = created();

        assertThat(row.approvalStatus()).isEqualTo(ApprovalStatus.PENDING);
        assertThat(row.keyHash()).isNull();
        assertThat(row.regeneratedFrom()).isEqualTo(PREDECESSOR.value());
        assertThat(row.version()).isZero();
    }

    @Test
    void approvalGivesTheKeyItsHashAndLastFour() {
        ApiKeyRow row = ApiKeyRow.FOLD.evolve(created(), new ApiKeyApprovedEvent(KEY, "usr_admin", HASH, "wxyz",
                DECIDED_AT), 1);

        assertThat(row.approvalStatus()).isEqualTo(ApprovalStatus.APPROVED);
        assertThat(row.approvedBy()).isEqualTo("usr_admin");
        assertThat(row.approvedAt()).isEqualTo(DECIDED_AT);
        assertThat(row.keyHash()).isEqualTo(HASH);
        assertThat(row.lastFour()).isEqualTo("wxyz");
        assertThat(row.version()).isEqualTo(1);
    }

    @Test
    void rejectionKeepsItsReason() {
        ApiKeyRow row = ApiKeyRow.FOLD.evolve(created(), new ApiKeyRejectedEvent(KEY, "usr_admin", "not needed",
                DECIDED_AT), 1);

        assertThat(row.approvalStatus()).isEqualTo(ApprovalStatus.REJECTED);
        assertThat(row.rejectedBy()).isEqualTo("usr_admin");
        assertThat(row.rejectionReason()).isEqualTo("not needed");
        assertThat(row.rejectedAt()).isEqualTo(DECIDED_AT);
    }

    @Test
    void aRevocationNamesItsSuccessorAndKeepsTheApproval() {
        ApiKeyRow approved = ApiKeyRow.FOLD.evolve(created(), new ApiKeyApprovedEvent(KEY, "usr_admin", HASH,
                "wxyz", DECIDED_AT), 1);

        ApiKeyRow row = ApiKeyRow.FOLD.evolve(approved, new ApiKeyRevokedEvent(KEY, "usr_dev", SUCCESSOR,
                REVOKED_AT), 2);

        assertThat(row.approvalStatus()).isEqualTo(ApprovalStatus.APPROVED);
        assertThat(row.revokedBy()).isEqualTo("usr_dev");
        assertThat(row.revokedAt()).isEqualTo(REVOKED_AT);
        assertThat(row.replacedBy()).isEqualTo(SUCCESSOR.value());
        assertThat(row.keyHash()).isEqualTo(HASH);
    }

    @Test
    void anEventTheRowHasAppliedChangesNothing() {
        ApiKeyRow revoked = ApiKeyRow.FOLD.evolve(created(), new ApiKeyRevokedEvent(KEY, "usr_dev", null,
                REVOKED_AT), 1);

        assertThat(ApiKeyRow.FOLD.evolve(revoked, new ApiKeyApprovedEvent(KEY, "usr_admin", HASH, "wxyz",
                DECIDED_AT), 1)).isSameAs(revoked);
    }

    @Test
    void theSummaryShowsTheRowAndItsLastUse() {
        Instant lastUsed = Instant.parse("2026-01-15T11:00:00Z");

        ApiKeySummary summary = created().toSummary(lastUsed);

        assertThat(summary.id()).isEqualTo(KEY);
        assertThat(summary.scopes()).containsExactly(Scope.PAYOUTS_READ);
        assertThat(summary.expiresAt()).isEqualTo(EXPIRES_AT);
        assertThat(summary.lastUsedAt()).isEqualTo(lastUsed);
        assertThat(summary.regeneratedFrom()).isEqualTo(PREDECESSOR);
        assertThat(summary.replacedBy()).isNull();
    }

    private static ApiKeyRow created() {
        return ApiKeyRow.FOLD.start(new ApiKeyCreatedEvent(KEY, "dispatch", Mode.PRODUCTION,
                Set.of(Scope.PAYOUTS_READ), EXPIRES_AT, "integration", "usr_dev", PREDECESSOR, CREATED_AT), 0)
                .orElseThrow();
    }
}
