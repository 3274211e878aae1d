package io.payouts.shared.batch;

import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.PayoutId;

/** One payout of a batch as the batch counts it: its amount and fee, in cents. */
public record BatchPayoutLine(PayoutId payoutId, DriverId driverId, long amount, long fee) {
}
