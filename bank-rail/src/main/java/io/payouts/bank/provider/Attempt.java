package io.payouts.bank.provider;

import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.Rail;

/**
 * One payout attempt in the provider rail's outbox: its Idempotency-Key, what it pays, where it stands, the request
 * built for it (until the provider has answered for good), the payout's version once queued under the key, how many
 * requests failed, and why it failed, if it did.
 *
 * @param retry         a failed payout queued again: it is queued under the key like a standard payout, where an
 *                      instant payout's first attempt is processing from its request
 * @param queuedVersion the sequence number of the payout's queued event under this key; null if nothing queued it
 */
record Attempt(String idempotencyKey, PayoutId payoutId, long attempt, DriverId driverId, long netAmount, Rail rail,
               boolean retry, AttemptState state, String body, Long queuedVersion, int tries, String reason) {

    /** The key the provider sees: the payout id and the attempt, so a request sent again names the same attempt. */
    static String idempotencyKeyOf(PayoutId payoutId, long attempt) {
        return payoutId.value() + "-" + attempt;
    }

    /**
     * Whether the payout is queued under the key before its request goes out: a standard payout (validated, and
     * cancelable until then) and any retry. An instant payout is processing from its request and cannot be canceled.
     */
    boolean queuesFirst() {
        return rail == Rail.STANDARD || retry;
    }
}
