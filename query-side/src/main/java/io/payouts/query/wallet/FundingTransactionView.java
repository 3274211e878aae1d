package io.payouts.query.wallet;

import io.payouts.shared.Mode;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.wallet.FundingTransaction;
import io.payouts.shared.wallet.TransactionId;
import io.payouts.shared.wallet.TransactionType;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.PostLoad;
import jakarta.persistence.PostPersist;
import jakarta.persistence.Table;
import jakarta.persistence.Transient;
import org.springframework.data.domain.Persistable;

import java.time.Instant;

/**
 * Read model row of one funding transaction: a credit per settled top-up, a debit per completed payout.
 * {@code balance} is the wallet's ledger (available plus in transit) right after it; {@code position} numbers the
 * mode's transactions in the order they were applied, which is the order "newest first" reverses.
 */
@Entity
@Table(name = "funding_transaction_view")
class FundingTransactionView implements Persistable<String> {

    @Id
    private String id;
    @Enumerated(EnumType.STRING)
    private Mode mode;
    @Enumerated(EnumType.STRING)
    private TransactionType type;
    private long amount;
    private long balance;
    private String description;
    @Column(name = "payout_id")
    private String payoutId;
    @Column(name = "created_at")
    private Instant createdAt;
    private long position;

    /** A row built by the projection is inserted without Spring Data's merge (a select before every insert). */
    @Transient
    private boolean isNew;

    protected FundingTransactionView() {
        // for JPA
    }

    private FundingTransactionView(String id, Mode mode, TransactionType type, long amount, long balance,
                                   String description, String payoutId, Instant createdAt, long position) {
        this.id = id;
        this.mode = mode;
        this.type = type;
        this.amount = amount;
        this.balance = balance;
        this.description = description;
        this.payoutId = payoutId;
        this.createdAt = createdAt;
        this.position = position;
        this.isNew = true;
    }

    static FundingTransactionView credit(String id, Mode mode, long amount, long balance, String description,
                                         Instant at, long position) {
        return new FundingTransactionView(id, mode, TransactionType.CREDIT, amount, balance, description, null, at,
                position);
    }

    static FundingTransactionView debit(PayoutId payoutId, Mode mode, long amount, long balance, Instant at,
                                        long position) {
        return new FundingTransactionView(debitIdOf(payoutId), mode, TransactionType.DEBIT, amount, balance,
                "payout " + payoutId.value(), payoutId.value(), at, position);
    }

    /** A payout's debit has a fixed id, {@code txn_} and the payout id's hex digits, so a replay makes the same. */
    static String debitIdOf(PayoutId payoutId) {
        return TransactionId.PREFIX + payoutId.value().substring(PayoutId.PREFIX.length());
    }

    @Override
    public String getId() {
        return id;
    }

    @Override
    public boolean isNew() {
        return isNew;
    }

    @PostLoad
    @PostPersist
    void markStored() {
        this.isNew = false;
    }

    Mode mode() {
        return mode;
    }

    TransactionType type() {
        return type;
    }

    long amount() {
        return amount;
    }

    long balance() {
        return balance;
    }

    long position() {
        return position;
    }

    FundingTransaction toTransaction() {
        return new FundingTransaction(new TransactionId(id), type, amount, balance, description,
                payoutId == null ? null : new PayoutId(payoutId), createdAt);
    }
}
