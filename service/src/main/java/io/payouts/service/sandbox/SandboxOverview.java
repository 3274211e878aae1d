package io.payouts.service.sandbox;

import io.payouts.service.http.Gateways;
import io.payouts.shared.Mode;
import io.payouts.shared.PageRequest;
import io.payouts.shared.driver.DriverPage;
import io.payouts.shared.driver.DriverSummary;
import io.payouts.shared.driver.FindDriversQuery;
import io.payouts.shared.payout.FindPayoutsQuery;
import io.payouts.shared.payout.PayoutPage;
import io.payouts.shared.payout.PayoutSummary;
import io.payouts.shared.wallet.FindWalletBalanceQuery;
import io.payouts.shared.wallet.WalletBalance;
import org.springframework.stereotype.Component;

import java.util.List;

/** The sandbox at a glance: its newest drivers and payouts, as many as one page of the list endpoints holds. */
@Component
class SandboxOverview {

    private static final PageRequest NEWEST = new PageRequest(1, 100);

    private final Gateways gateways;

    SandboxOverview(Gateways gateways) {
        this.gateways = gateways;
    }

    record Overview(List<DriverSummary> drivers, List<PayoutSummary> payouts, WalletBalance balance) {
    }

    Overview read() {
        DriverPage drivers = gateways.query(new FindDriversQuery(Mode.SANDBOX, null, NEWEST), DriverPage.class);
        PayoutPage payouts = gateways.query(new FindPayoutsQuery(Mode.SANDBOX, null, null, NEWEST),
                PayoutPage.class);
        WalletBalance balance = gateways.query(new FindWalletBalanceQuery(Mode.SANDBOX), WalletBalance.class);
        return new Overview(drivers.page().items(), payouts.page().items(), balance);
    }
}
