package io.payouts.shared.driver;

import io.payouts.shared.DriverScoped;
import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;
import org.axonframework.serialization.Revision;

import java.time.Instant;

/** A driver was deactivated and can no longer be paid. */
@Revision("1")
public record DriverDeactivatedEvent(DriverId driverId, Mode mode, Instant deactivatedAt)
        implements DriverEvent, ModeScoped, DriverScoped {
}
