package io.payouts.query.payout;

import io.payouts.query.consistency.ListCatchUp;
import io.payouts.query.consistency.StreamHeads;
import io.payouts.query.driver.DriverDirectory;
import io.payouts.shared.eventhandling.ProcessingGroups;
import io.payouts.shared.payout.FindPayoutQuery;
import io.payouts.shared.payout.FindPayoutsQuery;
import io.payouts.shared.payout.PayoutNotFoundException;
import io.payouts.shared.payout.PayoutPage;
import io.payouts.shared.payout.PayoutSummary;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.stereotype.Component;

@Component
class PayoutQueryHandler {

    private final PayoutRows payouts;
    private final PayoutHistory history;
    private final DriverDirectory drivers;
    private final ListCatchUp catchUp;
    private final StreamHeads heads;

    PayoutQueryHandler(PayoutRows payouts, PayoutHistory history, DriverDirectory drivers, ListCatchUp catchUp,
                       StreamHeads heads) {
        this.catchUp = catchUp;
        this.heads = heads;
        this.payouts = payouts;
        this.history = history;
        this.drivers = drivers;
    }

    /**
     * The payout as the read model shows it when its row has applied the payout's newest stored event (both read in
     * one query); otherwise (the projection is behind a write, or parked the payout's event) as its stored events
     * make it (ADR-0018). Never a wait, never a 404 for a payout that exists; another mode's payout is
     * not found.
     */
    @QueryHandler
    PayoutSummary handle(FindPayoutQuery query) {
        String id = query.payoutId().value();
        return payouts.find(id, query.mode()).filter(found -> heads.current(id, found.row().version(), found.head()))
                .map(PayoutRows.Found::row)
                .or(() -> history.fold(id).filter(payout -> payout.mode() == query.mode()))
                .map(payout -> PayoutPages.summaryOf(payout, drivers))
                .orElseThrow(() -> new PayoutNotFoundException(id));
    }

    /** Newest first; the status, driver and day filters are optional. */
    @QueryHandler
    PayoutPage handle(FindPayoutsQuery query) {
        catchUp.await(ProcessingGroups.PAYOUT_PROJECTION);
        return PayoutPages.of(payouts.page(query.mode(), query.status(),
                query.driverId() == null ? null : query.driverId().value(), query.from(), query.to(),
                query.pageRequest()), drivers);
    }
}
