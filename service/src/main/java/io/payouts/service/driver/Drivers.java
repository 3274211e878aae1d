package io.payouts.service.driver;

import io.payouts.platform.ids.IdGenerator;
import io.payouts.service.http.Gateways;
import io.payouts.service.http.RequestContext;
import io.payouts.shared.driver.DeactivateDriverCommand;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DriverPage;
import io.payouts.shared.driver.DriverProfile;
import io.payouts.shared.driver.DriverSummary;
import io.payouts.shared.driver.FindDriverQuery;
import io.payouts.shared.driver.FindDriversQuery;
import io.payouts.shared.driver.KycOutcome;
import io.payouts.shared.driver.RecordKycOutcomeCommand;
import io.payouts.shared.driver.RegisterDriverCommand;
import io.payouts.shared.driver.UpdateDriverProfileCommand;
import io.payouts.shared.payout.FindDriverPayoutsQuery;
import io.payouts.shared.payout.PayoutPage;
import org.springframework.stereotype.Service;

/**
 * What can be done with drivers, whoever asks: the endpoints only map HTTP onto it. A change answers with the driver
 * as of its newest stored event, which the read reaches from the driver's own events (ADR-0018).
 */
@Service
class Drivers {

    /** What a 503 names when a write's outcome is unknown. */
    private static final String DRIVER = "driver";

    private final Gateways gateways;
    private final IdGenerator ids;

    Drivers(Gateways gateways, IdGenerator ids) {
        this.gateways = gateways;
        this.ids = ids;
    }

    /** Registers a new driver; the answer is the registration itself, so it waits for no read model. */
    RegisterDriverCommand register(DriverRequest request, RequestContext context) {
        RegisterDriverCommand command = request.toCommand(ids.newDriverId(), context.mode(), context.receivedAt());
        context.writes(DRIVER, command.driverId().value());
        gateways.sendForResult(command, context);
        return command;
    }

    DriverSummary updateProfile(DriverId driverId, DriverProfile profile, RequestContext context) {
        context.writes(DRIVER, driverId.value());
        gateways.sendForResult(new UpdateDriverProfileCommand(driverId, context.mode(), profile,
                context.receivedAt()), context);
        return find(driverId, context);
    }

    DriverSummary deactivate(DriverId driverId, RequestContext context) {
        context.writes(DRIVER, driverId.value());
        gateways.sendForResult(new DeactivateDriverCommand(driverId, context.mode(), context.receivedAt()), context);
        return find(driverId, context);
    }

    DriverSummary recordKyc(DriverId driverId, KycOutcome outcome, String reason, RequestContext context) {
        context.writes(DRIVER, driverId.value());
        gateways.sendForResult(new RecordKycOutcomeCommand(driverId, context.mode(), outcome, reason,
                context.receivedAt()), context);
        return find(driverId, context);
    }

    DriverSummary find(DriverId driverId, RequestContext context) {
        return gateways.query(new FindDriverQuery(context.mode(), driverId), DriverSummary.class);
    }

    DriverPage list(FindDriversQuery query) {
        return gateways.query(query, DriverPage.class);
    }

    PayoutPage payouts(FindDriverPayoutsQuery query) {
        return gateways.query(query, PayoutPage.class);
    }
}
