package io.payouts.query.wallet;

import io.payouts.query.consistency.ListCatchUp;
import io.payouts.shared.eventhandling.ProcessingGroups;
import io.payouts.shared.wallet.FindFundingAlertQuery;
import io.payouts.shared.wallet.FundingAlert;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.stereotype.Component;

/** The mode's low-balance alert, after the wallet's read models have caught up, as the balance is read. */
@Component
class FundingAlertQueryHandler {

    private final FundingAlertRows alerts;
    private final ListCatchUp catchUp;

    FundingAlertQueryHandler(FundingAlertRows alerts, ListCatchUp catchUp) {
        this.alerts = alerts;
        this.catchUp = catchUp;
    }

    @QueryHandler
    FundingAlert handle(FindFundingAlertQuery query) {
        catchUp.await(ProcessingGroups.FUNDING_ALERT_PROJECTION, ProcessingGroups.WALLET_PROJECTION);
        return alerts.of(query.mode()).orElse(FundingAlert.NEVER_SET);
    }
}
