package io.payouts.query.apikey;

import io.payouts.shared.Mode;
import io.payouts.shared.apikey.ApiKeyId;
import io.payouts.shared.apikey.ApiKeySummary;
import io.payouts.shared.apikey.ApprovalStatus;
import io.payouts.shared.apikey.Scope;
import io.payouts.query.consistency.StreamVersioned;
import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.Set;

/** Read model row of one API key. {@code version} is the last applied sequence number of the key's stream. */
@Entity
@Table(name = "api_key_view")
class ApiKeyView implements StreamVersioned {

    @Id
    private String id;
    private String name;
    @Enumerated(EnumType.STRING)
    private Mode mode;
    @Convert(converter = ScopesConverter.class)
    private Set<Scope> scopes;
    @Enumerated(EnumType.STRING)
    @Column(name = "approval_status")
    private ApprovalStatus approvalStatus;
    @Column(name = "approval_reason")
    private String approvalReason;
    @Column(name = "created_by")
    private String createdBy;
    @Column(name = "created_at")
    private Instant createdAt;
    @Column(name = "expires_at")
    private Instant expiresAt;
    @Column(name = "approved_by")
    private String approvedBy;
    @Column(name = "approved_at")
    private Instant approvedAt;
    @Column(name = "rejected_by")
    private String rejectedBy;
    @Column(name = "rejected_at")
    private Instant rejectedAt;
    @Column(name = "rejection_reason")
    private String rejectionReason;
    @Column(name = "revoked_by")
    private String revokedBy;
    @Column(name = "revoked_at")
    private Instant revokedAt;
    @Column(name = "replaced_by")
    private String replacedBy;
    @Column(name = "regenerated_from")
    private String regeneratedFrom;
    @Column(name = "key_hash")
    private String keyHash;
    @Column(name = "last_four")
    private String lastFour;
    private long version;

    protected ApiKeyView() {
        // for JPA
    }

    ApiKeyView(String id, String name, Mode mode, Set<Scope> scopes, Instant expiresAt, String approvalReason,
               String createdBy, String regeneratedFrom, Instant createdAt, long version) {
        this.id = id;
        this.name = name;
        this.mode = mode;
        this.scopes = scopes;
        this.expiresAt = expiresAt;
        this.approvalReason = approvalReason;
        this.createdBy = createdBy;
        this.regeneratedFrom = regeneratedFrom;
        this.createdAt = createdAt;
        this.approvalStatus = ApprovalStatus.PENDING;
        this.version = version;
    }

    @Override
    public boolean hasApplied(long sequence) {
        return sequence <= version;
    }

    void approve(String by, String keyHash, String lastFour, Instant at, long sequence) {
        this.approvalStatus = ApprovalStatus.APPROVED;
        this.approvedBy = by;
        this.approvedAt = at;
        this.keyHash = keyHash;
        this.lastFour = lastFour;
        this.version = sequence;
    }

    void reject(String by, String reason, Instant at, long sequence) {
        this.approvalStatus = ApprovalStatus.REJECTED;
        this.rejectedBy = by;
        this.rejectionReason = reason;
        this.rejectedAt = at;
        this.version = sequence;
    }

    void revoke(String by, String replacedBy, Instant at, long sequence) {
        this.revokedBy = by;
        this.replacedBy = replacedBy;
        this.revokedAt = at;
        this.version = sequence;
    }

    String id() {
        return id;
    }

    String keyHash() {
        return keyHash;
    }

    ApiKeySummary toSummary(Instant lastUsedAt) {
        return new ApiKeySummary(new ApiKeyId(id), name, mode, scopes, approvalStatus, approvalReason, createdBy,
                createdAt, expiresAt, lastUsedAt, approvedBy, approvedAt, rejectedAt, rejectionReason, revokedAt,
                lastFour, regeneratedFrom == null ? null : new ApiKeyId(regeneratedFrom),
                replacedBy == null ? null : new ApiKeyId(replacedBy), keyHash);
    }
}
