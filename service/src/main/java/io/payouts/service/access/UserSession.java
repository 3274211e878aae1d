package io.payouts.service.access;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** A signed-in user's session; only the SHA-256 hash of its token is stored. */
@Entity
@Table(name = "user_session")
class UserSession {

    @Id
    @Column(name = "token_hash")
    private String tokenHash;
    @Column(name = "user_id")
    private String userId;
    @Column(name = "created_at")
    private Instant createdAt;
    @Column(name = "expires_at")
    private Instant expiresAt;
    @Column(name = "ended_at")
    private Instant endedAt;

    protected UserSession() {
        // for JPA
    }

    UserSession(String tokenHash, String userId, Instant createdAt, Instant expiresAt) {
        this.tokenHash = tokenHash;
        this.userId = userId;
        this.createdAt = createdAt;
        this.expiresAt = expiresAt;
    }

    boolean openAt(Instant now) {
        return endedAt == null && now.isBefore(expiresAt);
    }

    void end(Instant at) {
        if (endedAt == null) {
            endedAt = at;
        }
    }

    String userId() {
        return userId;
    }
}
