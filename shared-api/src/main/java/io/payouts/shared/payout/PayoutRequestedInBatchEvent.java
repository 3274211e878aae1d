package io.payouts.shared.payout;

import io.payouts.shared.BatchScoped;
import io.payouts.shared.DriverScoped;
import io.payouts.shared.Mode;
import io.payouts.shared.PayoutScoped;
import io.payouts.shared.WalletScoped;
import io.payouts.shared.batch.BatchId;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.wallet.WalletId;
import org.axonframework.serialization.Revision;

import java.time.Instant;

/**
 * A payout was created in a batch: pending, no funds reserved, not on the rail until the batch is released
 * (ADR-0013). The sandbox scenario payout_failed travels in its metadata; revision 1 carried it as a
 * {@code failOnRail} flag, which the upcaster moves there.
 */
@Revision("2")
public record PayoutRequestedInBatchEvent(PayoutId payoutId, Mode mode, WalletId walletId, BatchId batchId,
                                          DriverId driverId, long amount, long fee, long netAmount, Rail rail,
                                          String description, String loadId, Instant requestedAt)
        implements PayoutEvent, WalletScoped, DriverScoped, PayoutScoped, BatchScoped {
}
