package io.payouts.shared.driver;

import io.payouts.shared.DriverScoped;
import io.payouts.shared.InvalidFieldException;
import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;

import java.time.Instant;
import java.util.Objects;
import java.util.regex.Pattern;

/** Registers a new driver under a fleet-supplied external id, unique within the mode. */
public record RegisterDriverCommand(DriverId driverId, Mode mode, String svcDriverId, DriverProfile profile,
                                    Instant registeredAt) implements ModeScoped, DriverScoped {

    private static final Pattern EXTERNAL_ID = Pattern.compile("^[A-Za-z0-9._:-]{1,100}$");

    public RegisterDriverCommand {
        Objects.requireNonNull(driverId, "driverId");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(profile, "profile");
        Objects.requireNonNull(registeredAt, "registeredAt");
        if (!isValidSvcDriverId(svcDriverId)) {
            throw new InvalidFieldException("svcDriverId",
                    "must be 1 to 100 characters of letters, digits, '.', '_', ':' or '-'");
        }
    }

    public static boolean isValidSvcDriverId(String candidate) {
        return candidate != null && EXTERNAL_ID.matcher(candidate).matches();
    }
}
