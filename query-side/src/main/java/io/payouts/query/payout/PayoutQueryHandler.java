package io.payouts.query.payout;

import io.payouts.query.consistency.ProjectionProgress;
import io.payouts.query.driver.DriverDirectory;
import io.payouts.shared.ReadModelLaggingException;
import io.payouts.shared.payout.FindPayoutQuery;
import io.payouts.shared.payout.FindPayoutsQuery;
import io.payouts.shared.payout.PayoutNotFoundException;
import io.payouts.shared.payout.PayoutPage;
import io.payouts.shared.payout.PayoutSummary;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.stereotype.Component;

import java.time.Duration;

@Component
class PayoutQueryHandler {

    private final PayoutViewRepository payouts;
    private final PayoutHistory history;
    private final DriverDirectory drivers;
    private final ProjectionProgress progress;
    private final Duration readYourWritesTimeout;

    PayoutQueryHandler(PayoutViewRepository payouts, PayoutHistory history, DriverDirectory drivers,
                       ProjectionProgress progress,
                       @Value("${payouts.read-your-writes.timeout:10s}") Duration readYourWritesTimeout) {
        this.payouts = payouts;
        this.history = history;
        this.drivers = drivers;
        this.progress = progress;
        this.readYourWritesTimeout = readYourWritesTimeout;
    }

    /**
     * Waits for {@code minVersion} of the payout's stream first (ADR-0005). When the read model does not show it in
     * time, or has no row for it, the answer comes from the payout's stored events (issue #11); another mode's payout
     * is not found.
     */
    @QueryHandler
    PayoutSummary handle(FindPayoutQuery query) {
        String id = query.payoutId().value();
        long minVersion = query.minVersion();
        if (minVersion >= 0) {
            progress.await(id, minVersion, () -> payouts.findVersionById(id).orElse(-1L), readYourWritesTimeout);
        }
        return payouts.findByIdAndMode(id, query.mode())
                .filter(payout -> payout.version() >= minVersion)
                .or(() -> history.fold(id).filter(payout -> payout.mode() == query.mode())
                        .filter(payout -> payout.version() >= minVersion))
                .map(payout -> PayoutPages.summaryOf(payout, drivers))
                .orElseThrow(() -> minVersion >= 0 ? new ReadModelLaggingException(id) : new PayoutNotFoundException(id));
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
