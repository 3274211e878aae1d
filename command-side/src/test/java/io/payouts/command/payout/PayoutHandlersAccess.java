package io.payouts.command.payout;

import io.payouts.command.driver.DriverStandings;
import io.payouts.command.wallet.Wallet;
import org.axonframework.modelling.command.Repository;

/** Lets tests of other packages subscribe the package-private payout handlers to a command bus of their own. */
public final class PayoutHandlersAccess {

    private PayoutHandlersAccess() {
    }

    public static Object admission(Repository<Wallet> wallets, Repository<Payout> payouts, DriverStandings drivers) {
        return new PayoutAdmission(wallets, payouts, drivers);
    }

    public static Object settlement(Repository<Wallet> wallets, Repository<Payout> payouts) {
        return new PayoutSettlement(wallets, payouts);
    }

    public static Object railMoves(Repository<Payout> payouts) {
        return new PayoutRailMoves(payouts);
    }
}
