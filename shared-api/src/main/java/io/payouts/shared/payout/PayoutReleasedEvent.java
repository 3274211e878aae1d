package io.payouts.shared.payout;

import io.payouts.shared.Mode;
import io.payouts.shared.batch.BatchId;
import io.payouts.shared.driver.DriverId;
import org.axonframework.serialization.Revision;

import java.time.Instant;

/**
 * The payout's batch was released: its funds are reserved and it goes to the rail like a payout created on its
 * own (standard: validated, instant: processing). It repeats what the rail needs to pay it.
 */
@Revision("1")
public record PayoutReleasedEvent(PayoutId payoutId, Mode mode, BatchId batchId, DriverId driverId, long netAmount,
                                  Rail rail, boolean failOnRail, Instant releasedAt) implements PayoutEvent {
}
