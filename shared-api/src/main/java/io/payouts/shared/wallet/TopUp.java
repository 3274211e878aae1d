package io.payouts.shared.wallet;

import java.time.Instant;

/** A top-up as the read model holds it: {@code pending} until it settles, then {@code settled}. */
public record TopUp(TransactionId transactionId, long amount, String status, String description, String method,
                    Instant createdAt, Instant settledAt) {

    public static final String PENDING = "pending";
    public static final String SETTLED = "settled";
}
