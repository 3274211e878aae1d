package io.payouts.shared.payout;

import io.payouts.shared.DriverScoped;
import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;
import io.payouts.shared.PayoutScoped;
import io.payouts.shared.driver.DriverId;
import org.axonframework.serialization.Revision;

import java.time.Instant;

/**
 * A second person rejected a payout that waited for approval, or the batch it belonged to (ADR-0046): it ends
 * rejected, and since nothing was reserved for it nothing is given back.
 */
@Revision("1")
public record PayoutRejectedEvent(PayoutId payoutId, Mode mode, DriverId driverId, long amount, String rejectedBy,
                                  String reason, Instant rejectedAt)
        implements PayoutEvent, ModeScoped, DriverScoped, PayoutScoped {
}
