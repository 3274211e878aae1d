package io.payouts.command.batch;

import io.payouts.command.driver.DriverStandings;
import io.payouts.command.payout.Payout;
import io.payouts.command.wallet.Wallet;
import io.payouts.platform.commands.Commands;
import org.axonframework.modelling.command.Repository;
import org.springframework.jdbc.core.JdbcTemplate;

/** Lets tests of other packages subscribe the package-private batch handlers to a command bus of their own. */
public final class BatchHandlersAccess {

    private BatchHandlersAccess() {
    }

    public static Object creation(Repository<Batch> batches, Repository<Payout> payouts, Repository<Wallet> wallets,
                                  DriverStandings drivers) {
        return new BatchCreation(batches, payouts, wallets, drivers);
    }

    public static Object release(Repository<Batch> batches, Repository<Payout> payouts, Repository<Wallet> wallets,
                                 DriverStandings drivers) {
        return new BatchRelease(batches, payouts, wallets, drivers);
    }

    /** The processor that tells each batch where its payouts went, an event handler to feed events by hand. */
    public static Object outcomes(JdbcTemplate jdbc, Commands commands) {
        return new BatchOutcomes(jdbc, commands);
    }
}
