package io.payouts.command.driver;

import org.axonframework.modelling.command.Repository;

/** Lets tests of other packages subscribe the package-private driver handlers to infrastructure of their own. */
public final class DriverHandlersAccess {

    private DriverHandlersAccess() {
    }

    public static Object registration(Repository<Driver> drivers, SvcDriverIdClaims claims) {
        return new DriverRegistration(drivers, claims);
    }

    /** The subscribing event handler that keeps the drivers' standings in the driver's own unit of work. */
    public static Object standingRecorder(DriverStandings standings) {
        return new DriverStandingRecorder(standings);
    }
}
