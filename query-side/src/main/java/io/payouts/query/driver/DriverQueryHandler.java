package io.payouts.query.driver;

import io.payouts.query.consistency.ProjectionProgress;
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
    private final ProjectionProgress progress;
    private final Duration readYourWritesTimeout;

    DriverQueryHandler(DriverViewRepository drivers, ProjectionProgress progress,
                       @Value("${payouts.read-your-writes.timeout:10s}") Duration readYourWritesTimeout) {
        this.drivers = drivers;
        this.progress = progress;
        this.readYourWritesTimeout = readYourWritesTimeout;
    }

    @QueryHandler
    DriverSummary handle(FindDriverQuery query) {
        String id = query.driverId().value();
        progress.requireApplied(id, query.minVersion(), () -> drivers.findVersionById(id).orElse(-1L),
                readYourWritesTimeout);
        return drivers.findByIdAndMode(id, query.mode())
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
