package io.payouts.shared.driver;

import io.payouts.shared.DriverScoped;
import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;
import org.axonframework.serialization.Revision;

import java.time.Instant;

/** A driver's name, e-mail and phone were replaced. */
@Revision("1")
public record DriverProfileUpdatedEvent(DriverId driverId, Mode mode, String name, String email, String phone,
                                        Instant updatedAt) implements DriverEvent, ModeScoped, DriverScoped {
}
