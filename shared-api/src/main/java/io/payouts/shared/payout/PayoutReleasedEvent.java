package io.payouts.shared.payout;

import io.payouts.shared.BatchScoped;
import io.payouts.shared.DriverScoped;
import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;
import io.payouts.shared.PayoutScoped;
import io.payouts.shared.batch.BatchId;
import io.payouts.shared.driver.DriverId;
import org.axonframework.serialization.Revision;

import java.time.Instant;

/**
 * The payout's batch was released: its funds are reserved and it goes to the rail like a payout created on its
 * own (standard: validated, instant: processing). It repeats what the rail needs to pay it; the sandbox scenario
 * payout_failed travels in its metadata (revision 1 carried it as a {@code failOnRail} flag, which the upcaster moves
 * there).
 */
@Revision("2")
public record PayoutReleasedEvent(PayoutId payoutId, Mode mode, BatchId batchId, DriverId driverId, long netAmount,
                                  Rail rail, Instant releasedAt)
        implements PayoutEvent, ModeScoped, DriverScoped, PayoutScoped, BatchScoped {
}
