package io.payouts.query.wallet;

import io.payouts.query.consistency.ListCatchUp;
import io.payouts.shared.eventhandling.ProcessingGroups;
import io.payouts.shared.wallet.FindTopUpsQuery;
import io.payouts.shared.wallet.TopUpPage;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.stereotype.Component;

/** The mode's top-ups, pending until they settle, newest first. */
@Component
class TopUpQueryHandler {

    private final TopUpRows topUps;
    private final ListCatchUp catchUp;

    TopUpQueryHandler(TopUpRows topUps, ListCatchUp catchUp) {
        this.topUps = topUps;
        this.catchUp = catchUp;
    }

    @QueryHandler
    TopUpPage handle(FindTopUpsQuery query) {
        catchUp.await(ProcessingGroups.WALLET_PROJECTION);
        return new TopUpPage(topUps.page(query.mode(), query.status(), query.pageRequest()));
    }
}
