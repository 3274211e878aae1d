package io.payouts.shared.driver;

import io.payouts.shared.DriverScoped;
import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;
import org.axonframework.serialization.Revision;

import java.time.Instant;

/** A driver was registered: status invited, KYC pending. Contact fields are stored as given, already validated. */
@Revision("1")
public record DriverRegisteredEvent(DriverId driverId, Mode mode, String svcDriverId, String name, String email,
                                    String phone, Instant registeredAt)
        implements DriverEvent, ModeScoped, DriverScoped {
}
