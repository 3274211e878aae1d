package io.payouts.shared.driver;

import io.payouts.shared.DriverScoped;
import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;
import org.axonframework.serialization.Revision;

import java.time.Instant;

/** A driver's identity check failed; the driver stays unpayable until a later check verifies them. */
@Revision("1")
public record DriverKycRejectedEvent(DriverId driverId, Mode mode, String reason, Instant rejectedAt)
        implements DriverEvent, ModeScoped, DriverScoped {
}
