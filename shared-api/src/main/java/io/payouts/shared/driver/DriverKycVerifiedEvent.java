package io.payouts.shared.driver;

import io.payouts.shared.DriverScoped;
import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;
import org.axonframework.serialization.Revision;

import java.time.Instant;

/** A driver's identity was verified; the driver is now active and payable. */
@Revision("1")
public record DriverKycVerifiedEvent(DriverId driverId, Mode mode, Instant verifiedAt)
        implements DriverEvent, ModeScoped, DriverScoped {
}
