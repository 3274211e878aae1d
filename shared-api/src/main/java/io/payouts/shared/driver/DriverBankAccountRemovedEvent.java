package io.payouts.shared.driver;

import io.payouts.shared.DriverScoped;
import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;
import org.axonframework.serialization.Revision;

import java.time.Instant;

/** A driver's bank account was taken off file; the driver has none until another is set. */
@Revision("1")
public record DriverBankAccountRemovedEvent(DriverId driverId, Mode mode, Instant removedAt)
        implements DriverEvent, ModeScoped, DriverScoped {
}
