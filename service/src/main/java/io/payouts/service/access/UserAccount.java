package io.payouts.service.access;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** A person who signs in to manage keys and users. The password is kept only as a BCrypt hash. */
@Entity
@Table(name = "user_account")
public class UserAccount {

    @Id
    private String id;
    private String email;
    @Column(name = "password_hash")
    private String passwordHash;
    @Enumerated(EnumType.STRING)
    private Role role;
    @Enumerated(EnumType.STRING)
    private UserStatus status;
    @Column(name = "created_by")
    private String createdBy;
    @Column(name = "created_at")
    private Instant createdAt;
    @Column(name = "disabled_at")
    private Instant disabledAt;

    protected UserAccount() {
        // for JPA
    }

    UserAccount(String id, String email, String passwordHash, Role role, String createdBy, Instant createdAt) {
        this.id = id;
        this.email = email;
        this.passwordHash = passwordHash;
        this.role = role;
        this.status = UserStatus.ACTIVE;
        this.createdBy = createdBy;
        this.createdAt = createdAt;
    }

    void disable(Instant at) {
        this.status = UserStatus.DISABLED;
        this.disabledAt = at;
    }

    public String id() {
        return id;
    }

    public String email() {
        return email;
    }

    String passwordHash() {
        return passwordHash;
    }

    public Role role() {
        return role;
    }

    public UserStatus status() {
        return status;
    }

    public boolean active() {
        return status == UserStatus.ACTIVE;
    }

    public String createdBy() {
        return createdBy;
    }

    public Instant createdAt() {
        return createdAt;
    }

    public Instant disabledAt() {
        return disabledAt;
    }
}
