package io.payouts.query.wallet;

import io.payouts.shared.Mode;
import io.payouts.shared.wallet.TopUp;
import io.payouts.shared.wallet.TransactionId;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** Read model row of one top-up: pending until it settles. Written with its wallet's row, so it shares its version. */
@Entity
@Table(name = "top_up_view")
class TopUpView {

    @Id
    private String id;
    @Enumerated(EnumType.STRING)
    private Mode mode;
    private long amount;
    private String status;
    private String description;
    private String method;
    @Column(name = "created_at")
    private Instant createdAt;
    @Column(name = "settled_at")
    private Instant settledAt;
    @Column(name = "settled_by")
    private String settledBy;

    protected TopUpView() {
        // for JPA
    }

    TopUpView(String id, Mode mode, long amount, String description, String method, Instant createdAt) {
        this.id = id;
        this.mode = mode;
        this.amount = amount;
        this.status = TopUp.PENDING;
        this.description = description;
        this.method = method;
        this.createdAt = createdAt;
    }

    void settle(String settledBy, Instant at) {
        this.status = TopUp.SETTLED;
        this.settledBy = settledBy;
        this.settledAt = at;
    }

    String id() {
        return id;
    }

    String status() {
        return status;
    }

    TopUp toTopUp() {
        return new TopUp(new TransactionId(id), amount, status, description, method, createdAt, settledAt);
    }
}
