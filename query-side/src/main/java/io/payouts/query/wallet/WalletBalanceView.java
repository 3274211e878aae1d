package io.payouts.query.wallet;

import io.payouts.shared.Mode;
import io.payouts.shared.wallet.WalletBalance;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/**
 * Read model row of one mode's wallet, in cents. {@code available}: settled top-ups minus reservations plus
 * releases. {@code pending}: top-ups requested and not settled. {@code inTransit}: reserved by payouts not yet
 * completed, failed or canceled. {@code ledger}: the funds held, available plus in transit, which credits raise
 * and debits lower. {@code walletVersion} is the last applied sequence number of the wallet's stream; payout
 * completions come from the payouts' streams and leave it alone (their debit rows make them idempotent).
 */
@Entity
@Table(name = "wallet_balance_view")
class WalletBalanceView {

    @Id
    private String id;
    @Enumerated(EnumType.STRING)
    private Mode mode;
    private long available;
    private long pending;
    @Column(name = "in_transit")
    private long inTransit;
    private long ledger;
    @Column(name = "transaction_count")
    private long transactionCount;
    @Column(name = "opened_at")
    private Instant openedAt;
    @Column(name = "updated_at")
    private Instant updatedAt;
    @Column(name = "wallet_version")
    private long walletVersion;

    protected WalletBalanceView() {
        // for JPA
    }

    WalletBalanceView(String id, Mode mode, Instant openedAt, long walletVersion) {
        this.id = id;
        this.mode = mode;
        this.openedAt = openedAt;
        this.updatedAt = openedAt;
        this.walletVersion = walletVersion;
    }

    /** True when this row already reflects the wallet event with {@code sequence}. */
    boolean hasApplied(long sequence) {
        return sequence <= walletVersion;
    }

    void requestTopUp(long amount, Instant at, long sequence) {
        pending += amount;
        touch(at, sequence);
    }

    /** @return the position of the credit this makes */
    long settleTopUp(long amount, Instant at, long sequence) {
        pending -= amount;
        available += amount;
        ledger += amount;
        touch(at, sequence);
        return ++transactionCount;
    }

    void reserve(long amount, Instant at, long sequence) {
        available -= amount;
        inTransit += amount;
        touch(at, sequence);
    }

    void release(long amount, Instant at, long sequence) {
        inTransit -= amount;
        available += amount;
        touch(at, sequence);
    }

    /**
     * A payout completed: its reservation leaves the wallet for good. Not a wallet event, so the version stays.
     *
     * @return the position of the debit this makes
     */
    long debit(long amount, Instant at) {
        inTransit -= amount;
        ledger -= amount;
        moveUpdatedAt(at);
        return ++transactionCount;
    }

    /**
     * Records that the wallet event with {@code sequence} is applied. {@code updatedAt} only moves forward: events
     * of other streams interleave with the wallet's, and their times are the commanders' clocks.
     */
    private void touch(Instant at, long sequence) {
        moveUpdatedAt(at);
        walletVersion = sequence;
    }

    private void moveUpdatedAt(Instant at) {
        if (at != null && at.isAfter(updatedAt)) {
            updatedAt = at;
        }
    }

    String id() {
        return id;
    }

    Mode mode() {
        return mode;
    }

    long available() {
        return available;
    }

    long pending() {
        return pending;
    }

    long inTransit() {
        return inTransit;
    }

    long ledger() {
        return ledger;
    }

    long walletVersion() {
        return walletVersion;
    }

    WalletBalance toBalance() {
        return new WalletBalance(available, pending, inTransit);
    }
}
