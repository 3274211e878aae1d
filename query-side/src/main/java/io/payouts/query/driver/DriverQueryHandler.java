package io.payouts.query.driver;

import io.payouts.query.consistency.ListCatchUp;
import io.payouts.query.consistency.StreamHeads;
import io.payouts.shared.ResultPage;
import io.payouts.shared.driver.DriverNotFoundException;
import io.payouts.shared.driver.DriverPage;
import io.payouts.shared.driver.DriverSummary;
import io.payouts.shared.driver.FindDriverQuery;
import io.payouts.shared.driver.FindDriversQuery;
import io.payouts.shared.eventhandling.ProcessingGroups;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.stereotype.Component;

import java.util.Optional;

@Component
class DriverQueryHandler {

    private final DriverRows drivers;
    private final DriverHistory history;
    private final ListCatchUp catchUp;
    private final StreamHeads heads;

    DriverQueryHandler(DriverRows drivers, DriverHistory history, ListCatchUp catchUp, StreamHeads heads) {
        this.catchUp = catchUp;
        this.heads = heads;
        this.drivers = drivers;
        this.history = history;
    }

    /**
     * The driver as the read model shows it when its row has applied the driver's newest stored event (both read in
     * one query); otherwise (the projection is behind a write, or parked the driver's event) as its stored events
     * make it, with its payout totals (ADR-0018). Never a wait, never a 404 for a driver that exists;
     * another mode's driver is not found.
     */
    @QueryHandler
    DriverSummary handle(FindDriverQuery query) {
        String id = query.driverId().value();
        Optional<DriverRows.Found> found = drivers.find(id, query.mode());
        if (found.isPresent() && heads.current(id, found.get().row().version(), found.get().head())) {
            return found.get().row().toSummary(found.get().totals());
        }
        return history.fold(id)
                .filter(driver -> driver.mode() == query.mode())
                .map(driver -> driver.toSummary(found.map(DriverRows.Found::totals)
                        .orElseGet(() -> drivers.totalsOf(id))))
                .orElseThrow(() -> new DriverNotFoundException(id));
    }

    @QueryHandler
    DriverPage handle(FindDriversQuery query) {
        catchUp.await(ProcessingGroups.DRIVER_PROJECTION, ProcessingGroups.PAYOUT_PROJECTION);
        ResultPage<DriverRows.Listed> page = drivers.page(query.mode(), query.status(), query.pageRequest());
        return new DriverPage(new ResultPage<>(page.items().stream()
                .map(listed -> listed.row().toSummary(listed.totals())).toList(), page.total(), page.page(),
                page.pageSize()));
    }
}
