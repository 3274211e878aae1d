package io.payouts.shared.payout;

import io.payouts.shared.DriverScoped;
import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;
import io.payouts.shared.PayoutScoped;
import io.payouts.shared.driver.DriverId;
import org.axonframework.serialization.Revision;

import java.time.Instant;

/** The money arrived: the reservation of {@code amount} is debited from the wallet for good. */
@Revision("1")
public record PayoutCompletedEvent(PayoutId payoutId, Mode mode, DriverId driverId, long amount, long netAmount,
                                   Instant completedAt) implements PayoutEvent, ModeScoped, DriverScoped, PayoutScoped {
}
