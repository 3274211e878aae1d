package io.payouts.command.payout;

import io.payouts.command.wallet.Wallet;
import org.axonframework.modelling.command.Repository;

/** Lets tests of other features subscribe the package-private cancel and fail handlers to their command bus. */
public record PayoutSettlementAccess(Repository<Wallet> wallets, Repository<Payout> payouts) {

    public Object handler() {
        return new PayoutSettlement(wallets, payouts);
    }
}
