package io.payouts.query.driver;

import io.payouts.query.consistency.ProjectionProgress;
import io.payouts.shared.ReadModelLaggingException;
import io.payouts.shared.ResultPage;
import io.payouts.shared.driver.DriverNotFoundException;
import io.payouts.shared.driver.DriverPage;
import io.payouts.shared.driver.DriverStatus;
import io.payouts.shared.driver.DriverSummary;
import io.payouts.shared.driver.FindDriverQuery;
import io.payouts.shared.driver.FindDriversQuery;
import io.payouts.shared.driver.KycStatus;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Sort;
import org.springframework.stereotype.Component;

import java.time.Duration;

@Component
class DriverQueryHandler {

    private static final Sort NEWEST_FIRST = Sort.by(Sort.Order.desc("createdAt"), Sort.Order.desc("id"));

    private final DriverViewRepository drivers;
    private final DriverHistory history;
    private final ProjectionProgress progress;
    private final Duration readYourWritesTimeout;

    DriverQueryHandler(DriverViewRepository drivers, DriverHistory history, ProjectionProgress progress,
                       @Value("${payouts.read-your-writes.timeout:10s}") Duration readYourWritesTimeout) {
        this.drivers = drivers;
        this.history = history;
        this.progress = progress;
        this.readYourWritesTimeout = readYourWritesTimeout;
    }

    /**
     * Waits for {@code minVersion} of the driver's stream first (ADR-0005). When the read model does not show it in
     * time, or has no row for it, the answer comes from the driver's stored events (issue #11); another mode's driver
     * is not found.
     */
    @QueryHandler
    DriverSummary handle(FindDriverQuery query) {
        String id = query.driverId().value();
        long minVersion = query.minVersion();
        if (minVersion >= 0) {
            progress.await(id, minVersion, () -> drivers.findVersionById(id).orElse(-1L), readYourWritesTimeout);
        }
        return drivers.findByIdAndMode(id, query.mode())
                .filter(driver -> driver.version() >= minVersion)
                .or(() -> history.fold(id).filter(driver -> driver.mode() == query.mode())
                        .filter(driver -> driver.version() >= minVersion))
                .map(DriverView::toSummary)
                .orElseThrow(() -> minVersion >= 0 ? new ReadModelLaggingException(id) : new DriverNotFoundException(id));
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
