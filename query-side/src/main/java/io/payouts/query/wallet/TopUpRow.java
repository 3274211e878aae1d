package io.payouts.query.wallet;

import io.payouts.shared.Mode;
import io.payouts.shared.wallet.TopUp;
import io.payouts.shared.wallet.TopUpRequestedEvent;
import io.payouts.shared.wallet.TransactionId;

import java.time.Instant;

/** One top-up as {@code top_up_view} holds it: pending until it settles. */
record TopUpRow(String id, Mode mode, long amount, String status, String description, String method,
                Instant createdAt, Instant settledAt, String settledBy) {

    static TopUpRow requested(TopUpRequestedEvent event) {
        return new TopUpRow(event.transactionId().value(), event.mode(), event.amount(), TopUp.PENDING,
                event.description(), event.method(), event.requestedAt(), null, null);
    }

    TopUpRow settled(String by, Instant at) {
        return new TopUpRow(id, mode, amount, TopUp.SETTLED, description, method, createdAt, at, by);
    }

    TopUp toTopUp() {
        return new TopUp(new TransactionId(id), amount, status, description, method, createdAt, settledAt);
    }

}
