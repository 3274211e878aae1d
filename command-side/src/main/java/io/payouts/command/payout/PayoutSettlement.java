package io.payouts.command.payout;

import io.payouts.command.wallet.Wallet;
import io.payouts.shared.payout.CancelPayoutCommand;
import io.payouts.shared.payout.FailPayoutCommand;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutNotFoundException;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.modelling.command.Aggregate;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.axonframework.modelling.command.Repository;
import org.springframework.stereotype.Component;

import java.time.Instant;
import java.util.Optional;
import java.util.function.Function;

/** A payout that ends without paying gives its reservation back to the wallet in the same unit of work. */
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

    private void end(PayoutId payoutId, Function<Payout, Optional<Payout.ReturnedFunds>> ending, Instant at) {
        Aggregate<Payout> payout;
        try {
            payout = payouts.load(payoutId.value());
        } catch (AggregateNotFoundException unknown) {
            throw new PayoutNotFoundException(payoutId.value());
        }
        payout.invoke(ending).ifPresent(returned -> wallets.load(returned.walletId().value())
                .execute(wallet -> wallet.returnFunds(payoutId, returned.amount(), at)));
    }
}
