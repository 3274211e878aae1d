package io.payouts.shared.payout;

import io.payouts.shared.Mode;
import io.payouts.shared.batch.BatchId;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.wallet.WalletId;
import org.axonframework.serialization.Revision;

import java.time.Instant;

/**
 * A payout was created in a batch: pending, no funds reserved, not on the rail until the batch is released
 * (ADR-0013). {@code failOnRail} is the sandbox scenario payout_failed.
 */
@Revision("1")
public record PayoutRequestedInBatchEvent(PayoutId payoutId, Mode mode, WalletId walletId, BatchId batchId,
                                          DriverId driverId, long amount, long fee, long netAmount, Rail rail,
                                          String description, String loadId, boolean failOnRail,
                                          Instant requestedAt) implements PayoutEvent {
}
