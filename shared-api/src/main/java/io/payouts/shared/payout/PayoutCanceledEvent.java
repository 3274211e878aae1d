package io.payouts.shared.payout;

import io.payouts.shared.DriverScoped;
import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;
import io.payouts.shared.PayoutScoped;
import io.payouts.shared.driver.DriverId;
import org.axonframework.serialization.Revision;

import java.time.Instant;

/** The fleet canceled the payout; the reservation is released in the same unit of work. */
@Revision("1")
public record PayoutCanceledEvent(PayoutId payoutId, Mode mode, DriverId driverId, long amount, Instant canceledAt)
        implements PayoutEvent, ModeScoped, DriverScoped, PayoutScoped {
}
