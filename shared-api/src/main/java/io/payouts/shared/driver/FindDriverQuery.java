package io.payouts.shared.driver;

import io.payouts.shared.Mode;

/**
 * One driver of the caller's mode. {@code minVersion} is the driver stream's sequence number the answer must
 * reflect (read-your-writes, ADR-0005); -1 asks for whatever the read model holds now.
 */
public record FindDriverQuery(Mode mode, DriverId driverId, long minVersion) {

    public static FindDriverQuery current(Mode mode, DriverId driverId) {
        return new FindDriverQuery(mode, driverId, -1);
    }
}
