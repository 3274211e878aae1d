package io.payouts.shared.driver;

import io.payouts.shared.Mode;

import java.util.List;
import java.util.Objects;

/**
 * The standings of these drivers in {@code mode}, as the command side decides payments with them: for an answer that
 * names every driver of a request who cannot be paid, before the command decides for good.
 */
public record FindDriverStandingsQuery(Mode mode, List<DriverId> driverIds) {

    public FindDriverStandingsQuery {
        Objects.requireNonNull(mode, "mode");
        driverIds = List.copyOf(driverIds);
    }

    /** The drivers of the mode among those asked for; one that does not exist in it is absent. */
    public record Result(List<DriverStanding> standings) {

        public Result {
            standings = List.copyOf(standings);
        }
    }
}
