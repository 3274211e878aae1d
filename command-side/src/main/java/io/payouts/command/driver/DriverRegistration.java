package io.payouts.command.driver;

import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DuplicateSvcDriverIdException;
import io.payouts.shared.driver.RegisterDriverCommand;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.modelling.command.Repository;
import org.springframework.stereotype.Component;

/** Creates a driver once its external id is claimed for the mode; a taken id rejects the registration. */
@Component
class DriverRegistration {

    private final Repository<Driver> drivers;
    private final SvcDriverIdClaims claims;

    DriverRegistration(Repository<Driver> drivers, SvcDriverIdClaims claims) {
        this.drivers = drivers;
        this.claims = claims;
    }

    @CommandHandler
    public DriverId handle(RegisterDriverCommand command) throws Exception {
        if (!claims.claim(command.mode(), command.svcDriverId(), command.driverId())) {
            throw new DuplicateSvcDriverIdException(command.svcDriverId());
        }
        drivers.newInstance(() -> new Driver(command));
        return command.driverId();
    }
}
