package io.payouts.query.payout;

import io.payouts.shared.ResultPage;
import io.payouts.shared.driver.FindDriverQuery;
import io.payouts.shared.payout.FindDriverPayoutsQuery;
import io.payouts.shared.payout.PayoutPage;
import org.axonframework.queryhandling.QueryGateway;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.stereotype.Component;

/**
 * A driver's payouts. The payout read model arrives with the money-core issue (#4); until then every existing
 * driver has an empty history, and an unknown driver is still a 404.
 */
@Component
class DriverPayoutsQueryHandler {

    private final QueryGateway queries;

    DriverPayoutsQueryHandler(QueryGateway queries) {
        this.queries = queries;
    }

    @QueryHandler
    PayoutPage handle(FindDriverPayoutsQuery query) {
        queries.query(FindDriverQuery.current(query.mode(), query.driverId()), Object.class).join();
        return new PayoutPage(ResultPage.empty(query.pageRequest().page(), query.pageRequest().pageSize()));
    }
}
