package io.payouts.query.apikey;

import io.payouts.query.consistency.StreamFold;
import io.payouts.shared.Mode;
import io.payouts.shared.apikey.ApiKeyApprovedEvent;
import io.payouts.shared.apikey.ApiKeyCreatedEvent;
import io.payouts.shared.apikey.ApiKeyEvent;
import io.payouts.shared.apikey.ApiKeyId;
import io.payouts.shared.apikey.ApiKeyRejectedEvent;
import io.payouts.shared.apikey.ApiKeyRevokedEvent;
import io.payouts.shared.apikey.ApiKeySummary;
import io.payouts.shared.apikey.ApprovalStatus;
import io.payouts.shared.apikey.Scope;

import java.time.Instant;
import java.util.Set;

/**
 * One API key as {@code api_key_view} holds it, and the rules that fold the key's stream into it ({@link #FOLD}).
 * {@code version} is the last sequence number of the key's stream applied. The key's value is never here: only its
 * hash, which authentication looks up ({@link ApiKeyLookup}).
 */
record ApiKeyRow(String id, String name, Mode mode, Set<Scope> scopes, ApprovalStatus approvalStatus,
                 String approvalReason, String createdBy, Instant createdAt, Instant expiresAt, String approvedBy,
                 Instant approvedAt, String rejectedBy, Instant rejectedAt, String rejectionReason, String revokedBy,
                 Instant revokedAt, String replacedBy, String regeneratedFrom, String keyHash, String lastFour,
                 long version) {

    /** How a key's stream folds into its row: its creation makes it pending, a decision or a revocation changes it. */
    static final StreamFold<ApiKeyRow> FOLD = StreamFold.of(ApiKeyEvent.class, ApiKeyRow::version)
            .starts(ApiKeyCreatedEvent.class, ApiKeyRow::created)
            .evolves(ApiKeyApprovedEvent.class, ApiKeyRow::approved)
            .evolves(ApiKeyRejectedEvent.class, ApiKeyRow::rejected)
            .evolves(ApiKeyRevokedEvent.class, ApiKeyRow::revoked)
            .build();

    ApiKeySummary toSummary(Instant lastUsedAt) {
        return new ApiKeySummary(new ApiKeyId(id), name, mode, scopes, approvalStatus, approvalReason, createdBy,
                createdAt, expiresAt, lastUsedAt, approvedBy, approvedAt, rejectedAt, rejectionReason, revokedAt,
                lastFour, regeneratedFrom == null ? null : new ApiKeyId(regeneratedFrom),
                replacedBy == null ? null : new ApiKeyId(replacedBy), keyHash);
    }

    private static ApiKeyRow created(ApiKeyCreatedEvent created, long sequence) {
        return new ApiKeyRow(created.keyId().value(), created.name(), created.mode(), created.scopes(),
                ApprovalStatus.PENDING, created.approvalReason(), created.createdBy(), created.createdAt(),
                created.expiresAt(), null, null, null, null, null, null, null, null,
                created.regeneratedFrom() == null ? null : created.regeneratedFrom().value(), null, null, sequence);
    }

    private ApiKeyRow approved(ApiKeyApprovedEvent approved, long sequence) {
        return new ApiKeyRow(id, name, mode, scopes, ApprovalStatus.APPROVED, approvalReason, createdBy, createdAt,
                expiresAt, approved.approvedBy(), approved.approvedAt(), rejectedBy, rejectedAt, rejectionReason,
                revokedBy, revokedAt, replacedBy, regeneratedFrom, approved.keyHash(), approved.lastFour(), sequence);
    }

    private ApiKeyRow rejected(ApiKeyRejectedEvent rejected, long sequence) {
        return new ApiKeyRow(id, name, mode, scopes, ApprovalStatus.REJECTED, approvalReason, createdBy, createdAt,
                expiresAt, approvedBy, approvedAt, rejected.rejectedBy(), rejected.rejectedAt(), rejected.reason(),
                revokedBy, revokedAt, replacedBy, regeneratedFrom, keyHash, lastFour, sequence);
    }

    private ApiKeyRow revoked(ApiKeyRevokedEvent revoked, long sequence) {
        return new ApiKeyRow(id, name, mode, scopes, approvalStatus, approvalReason, createdBy, createdAt, expiresAt,
                approvedBy, approvedAt, rejectedBy, rejectedAt, rejectionReason, revoked.revokedBy(),
                revoked.revokedAt(), revoked.replacedBy() == null ? null : revoked.replacedBy().value(),
                regeneratedFrom, keyHash, lastFour, sequence);
    }
}
