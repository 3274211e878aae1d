package io.payouts.command.payout;

import io.payouts.command.Repositories;
import io.payouts.command.wallet.Wallet;
import io.payouts.shared.payout.CancelPayoutCommand;
import io.payouts.shared.payout.FailPayoutCommand;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutNotFoundException;
import io.payouts.shared.payout.ReturnPayoutCommand;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.modelling.command.Aggregate;
import org.axonframework.modelling.command.Repository;
import org.springframework.stereotype.Component;

import java.time.Instant;
import java.util.Optional;
import java.util.function.Function;

/**
 * A payout that ends without paying gives its reservation back to the wallet in the same unit of work; one the bank
 * returns after completion is credited back the same way.
 */
@Component
class PayoutSettlement {

    private final Repository<Wallet> wallets;
    private final Repository<Payout> payouts;

    PayoutSettlement(Repository<Wallet> wallets, Repository<Payout> payouts) {
        this.wallets = wallets;
        this.payouts = payouts;
    }

    @CommandHandler
    public void handle(CancelPayoutCommand command) {
        end(command.payoutId(), payout -> payout.cancel(command.mode(), command.canceledAt()), command.canceledAt());
    }

    @CommandHandler
    public void handle(FailPayoutCommand command) {
        end(command.payoutId(), payout -> payout.fail(command.reason(), command.failedAt()), command.failedAt());
    }

    /** A return moves a completed payout to failed and credits the wallet with what completion had debited. */
    @CommandHandler
    public void handle(ReturnPayoutCommand command) {
        Payout.ReturnedFunds returned = load(command.payoutId())
                .invoke(payout -> payout.returned(command.reason(), command.returnedAt()));
        wallets.load(returned.walletId().value()).execute(wallet -> wallet.creditReturn(command.payoutId(),
                command.creditId(), returned.amount(), command.reason(), command.returnedAt()));
    }

    private Aggregate<Payout> load(PayoutId payoutId) {
        return Repositories.loadOrRefuse(payouts, payoutId.value(), PayoutNotFoundException::new);
    }

    private void end(PayoutId payoutId, Function<Payout, Optional<Payout.ReturnedFunds>> ending, Instant at) {
        load(payoutId).invoke(ending).ifPresent(returned -> wallets.load(returned.walletId().value())
                .execute(wallet -> wallet.returnFunds(payoutId, returned.amount(), at)));
    }
}
