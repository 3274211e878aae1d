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

    /**
     * The payout's version once the rail's own moves of this attempt are made: the attempt's start, then queued under
     * its file (a standard payout; an instant one is processing from the start), then processing once the bank
     * accepted it. A payout whose stream went further was moved by someone else, and refuses a move planned here.
     */
    long payoutVersion() {
        if (rail == Rail.INSTANT) {
            return attempt;
        }
        return attempt + 1 + (state == PaymentState.ACCEPTED ? 1 : 0);
    }

    /** The payment after a move to {@code next}; a settlement remembers the kind of report that made it. */
    OutboxPayment after(PaymentState next, String source) {
        return new OutboxPayment(endToEndId, payoutId, attempt, driverId, netAmount, rail, batchId, next, fileId,
                blockNumber, next == PaymentState.SETTLED ? source : settledBy, reason, handedOverAt);
    }
}
