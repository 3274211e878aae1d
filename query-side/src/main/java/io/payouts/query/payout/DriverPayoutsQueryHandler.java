package io.payouts.query.payout;

import io.payouts.query.consistency.ListCatchUp;
import io.payouts.query.driver.DriverDirectory;
import io.payouts.shared.driver.DriverNotFoundException;
import io.payouts.shared.eventhandling.ProcessingGroups;
import io.payouts.shared.payout.FindDriverPayoutsQuery;
import io.payouts.shared.payout.PayoutPage;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.stereotype.Component;

/** A driver's payouts, newest first; a driver unknown in the caller's mode is not found. */
@Component
class DriverPayoutsQueryHandler {

    private final PayoutRows payouts;
    private final DriverDirectory drivers;
    private final ListCatchUp catchUp;

    DriverPayoutsQueryHandler(PayoutRows payouts, DriverDirectory drivers, ListCatchUp catchUp) {
        this.catchUp = catchUp;
        this.payouts = payouts;
        this.drivers = drivers;
    }

    @QueryHandler
    PayoutPage handle(FindDriverPayoutsQuery query) {
        catchUp.await(ProcessingGroups.PAYOUT_PROJECTION);
        String driverId = query.driverId().value();
        if (!drivers.exists(query.mode(), query.driverId())) {
            throw new DriverNotFoundException(driverId);
        }
        return PayoutPages.of(payouts.page(query.mode(), null, driverId, null, null, query.pageRequest()), drivers);
    }
}
