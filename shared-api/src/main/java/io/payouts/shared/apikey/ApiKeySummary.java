package io.payouts.shared.apikey;

import io.payouts.shared.Mode;

import java.time.Instant;
import java.util.Optional;
import java.util.Set;

/**
 * A key as the read model holds it. {@code keyHash} is there for authentication only and never leaves the
 * service; the key value itself is not stored anywhere.
 */
public record ApiKeySummary(ApiKeyId id, String name, Mode mode, Set<Scope> scopes, ApprovalStatus approvalStatus,
                            String approvalReason, String createdBy, Instant createdAt, Instant expiresAt,
                            Instant lastUsedAt, String approvedBy, Instant approvedAt, Instant rejectedAt,
                            String rejectionReason, Instant revokedAt, String lastFour, ApiKeyId regeneratedFrom,
                            ApiKeyId replacedBy, String keyHash) {

    public static final String REVOKED = "revoked";
    public static final String REJECTED = "rejected";
    public static final String PENDING_APPROVAL = "pending approval";
    public static final String EXPIRED = "expired";

    /** Why requests with this key are refused at {@code now}; empty while it is usable. */
    public Optional<String> unusableReason(Instant now) {
        if (revokedAt != null) {
            return Optional.of(REVOKED);
        }
        if (approvalStatus == ApprovalStatus.REJECTED) {
            return Optional.of(REJECTED);
        }
        if (approvalStatus == ApprovalStatus.PENDING) {
            return Optional.of(PENDING_APPROVAL);
        }
        if (expiresAt != null && !now.isBefore(expiresAt)) {
            return Optional.of(EXPIRED);
        }
        return Optional.empty();
    }
}
