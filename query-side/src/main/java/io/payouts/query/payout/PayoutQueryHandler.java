package io.payouts.query.payout;

import io.payouts.query.consistency.StreamHeads;
import io.payouts.query.driver.DriverDirectory;
import io.payouts.shared.payout.FindPayoutQuery;
import io.payouts.shared.payout.FindPayoutsQuery;
import io.payouts.shared.payout.PayoutNotFoundException;
import io.payouts.shared.payout.PayoutPage;
import io.payouts.shared.payout.PayoutSummary;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.stereotype.Component;

@Component
class PayoutQueryHandler {

    private final PayoutViewRepository payouts;
    private final PayoutHistory history;
    private final DriverDirectory drivers;
    private final StreamHeads heads;

    PayoutQueryHandler(PayoutViewRepository payouts, PayoutHistory history, DriverDirectory drivers,
                       StreamHeads heads) {
        this.payouts = payouts;
        this.history = history;
        this.drivers = drivers;
        this.heads = heads;
    }

    /**
     * The payout as the read model shows it when its row has applied the payout's newest stored event; otherwise (the
     * projection is behind a write, or parked the payout's event) as its stored events make it (issue #11, ADR-0018).
     * Never a wait, never a 404 for a payout that exists; another mode's payout is not found.
     */
    @QueryHandler
    PayoutSummary handle(FindPayoutQuery query) {
        String id = query.payoutId().value();
        return payouts.findByIdAndMode(id, query.mode())
                .filter(payout -> payout.version() >= heads.headOf(id))
                .or(() -> history.fold(id).filter(payout -> payout.mode() == query.mode()))
                .map(payout -> PayoutPages.summaryOf(payout, drivers))
                .orElseThrow(() -> new PayoutNotFoundException(id));
    }

    /** Newest first; status and driver filters are optional. */
    @QueryHandler
    PayoutPage handle(FindPayoutsQuery query) {
        Pageable pageable = PayoutPages.newestFirst(query.pageRequest());
        String driverId = query.driverId() == null ? null : query.driverId().value();
        Page<PayoutView> page;
        if (driverId == null) {
            page = query.status() == null
                    ? payouts.findByMode(query.mode(), pageable)
                    : payouts.findByModeAndStatus(query.mode(), query.status(), pageable);
        } else {
            page = query.status() == null
                    ? payouts.findByModeAndDriverId(query.mode(), driverId, pageable)
                    : payouts.findByModeAndDriverIdAndStatus(query.mode(), driverId, query.status(), pageable);
        }
        return PayoutPages.of(page, query.pageRequest(), drivers);
    }
}
