package io.payouts.bank.rail;

import io.payouts.bank.iso20022.EndToEndIds;
import io.payouts.shared.batch.BatchId;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.Rail;

import java.time.Instant;

/**
 * One payout attempt in the bank rail's outbox: its end-to-end id ({@code <payout hex>-<attempt>}), what it pays,
 * where it stands, the file (and block of it) it went into, and why it was not sent or failed, if so.
 */
record OutboxPayment(String endToEndId, PayoutId payoutId, long attempt, DriverId driverId, long netAmount, Rail rail,
                     BatchId batchId, PaymentState state, Long fileId, Integer blockNumber, String settledBy,
                     String reason, Instant handedOverAt) {

    static String endToEndIdOf(PayoutId payoutId, long attempt) {
        return EndToEndIds.of(payoutId.value(), attempt);
    }

    OutboxPayment in(PaymentState next) {
        return new OutboxPayment(endToEndId, payoutId, attempt, driverId, netAmount, rail, batchId, next, fileId,
                blockNumber, settledBy, reason, handedOverAt);
    }
}
