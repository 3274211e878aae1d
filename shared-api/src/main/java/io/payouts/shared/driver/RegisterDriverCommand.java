package io.payouts.shared.driver;

import io.payouts.shared.DriverScoped;
import io.payouts.shared.InvalidFieldException;
import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;

import java.time.Instant;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Registers a new driver under a fleet-supplied external id, unique within the mode, with the bank account they are
 * paid to when one is given (null when not).
 */
public record RegisterDriverCommand(DriverId driverId, Mode mode, String svcDriverId, DriverProfile profile,
                                    Instant registeredAt, BankAccountDetails bankAccount)
        implements ModeScoped, DriverScoped {

    /** What an svcDriverId may be, as a regular expression the API document states as the field's pattern. */
    public static final String SVC_DRIVER_ID_PATTERN = "^[A-Za-z0-9._:-]{1,100}$";
    private static final Pattern EXTERNAL_ID = Pattern.compile(SVC_DRIVER_ID_PATTERN);

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

    /** A registration without a bank account. */
    public RegisterDriverCommand(DriverId driverId, Mode mode, String svcDriverId, DriverProfile profile,
                                 Instant registeredAt) {
        this(driverId, mode, svcDriverId, profile, registeredAt, null);
    }

    public static boolean isValidSvcDriverId(String candidate) {
        return candidate != null && EXTERNAL_ID.matcher(candidate).matches();
    }
}
