package io.payouts.query.driver;

import io.payouts.query.consistency.StreamHeads;
import io.payouts.shared.ResultPage;
import io.payouts.shared.driver.DriverNotFoundException;
import io.payouts.shared.driver.DriverPage;
import io.payouts.shared.driver.DriverStatus;
import io.payouts.shared.driver.DriverSummary;
import io.payouts.shared.driver.FindDriverQuery;
import io.payouts.shared.driver.FindDriversQuery;
import io.payouts.shared.driver.KycStatus;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Sort;
import org.springframework.stereotype.Component;

import java.util.Optional;

@Component
class DriverQueryHandler {

    private static final Sort NEWEST_FIRST = Sort.by(Sort.Order.desc("createdAt"), Sort.Order.desc("id"));

    private final DriverViewRepository drivers;
    private final DriverHistory history;
    private final StreamHeads heads;

    DriverQueryHandler(DriverViewRepository drivers, DriverHistory history, StreamHeads heads) {
        this.drivers = drivers;
        this.history = history;
        this.heads = heads;
    }

    /**
     * The driver as the read model shows it when its row has applied the driver's newest stored event; otherwise (the
     * projection is behind a write, or parked the driver's event) as its stored events make it, with the payout totals
     * the row has (issue #11, ADR-0018). Never a wait, never a 404 for a driver that exists; another mode's driver is
     * not found.
     */
    @QueryHandler
    DriverSummary handle(FindDriverQuery query) {
        String id = query.driverId().value();
        Optional<DriverView> projected = drivers.findByIdAndMode(id, query.mode());
        if (projected.isPresent() && projected.get().version() >= heads.headOf(id)) {
            return projected.get().toSummary();
        }
        return history.fold(id)
                .filter(driver -> driver.mode() == query.mode())
                .map(driver -> driver.withTotalsOf(projected))
                .map(DriverView::toSummary)
                .orElseThrow(() -> new DriverNotFoundException(id));
    }

    @QueryHandler
    DriverPage handle(FindDriversQuery query) {
        Pageable pageable = org.springframework.data.domain.PageRequest.of(
                query.pageRequest().page() - 1, query.pageRequest().pageSize(), NEWEST_FIRST);
        Page<DriverView> page = query.status() == null
                ? drivers.findByMode(query.mode(), pageable)
                : switch (query.status()) {
                    case ACTIVE -> drivers.findByModeAndStatus(query.mode(), DriverStatus.ACTIVE, pageable);
                    case INACTIVE -> drivers.findByModeAndStatus(query.mode(), DriverStatus.INACTIVE, pageable);
                    case PENDING -> drivers.findByModeAndStatusNotAndKycStatusNot(
                            query.mode(), DriverStatus.INACTIVE, KycStatus.VERIFIED, pageable);
                };
        return new DriverPage(new ResultPage<>(page.map(DriverView::toSummary).getContent(),
                page.getTotalElements(), query.pageRequest().page(), query.pageRequest().pageSize()));
    }
}
