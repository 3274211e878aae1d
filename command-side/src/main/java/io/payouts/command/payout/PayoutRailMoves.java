package io.payouts.command.payout;

import io.payouts.shared.DomainException;
import io.payouts.shared.payout.AdvancePayoutsCommand;
import io.payouts.shared.payout.CompletePayoutCommand;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutNotFoundException;
import io.payouts.shared.payout.QueuePayoutCommand;
import io.payouts.shared.payout.StartPayoutProcessingCommand;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.modelling.command.Aggregate;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.axonframework.modelling.command.Repository;
import org.springframework.stereotype.Component;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Makes a batch of rail moves in one unit of work (ADR-0012): each payout is loaded and handles the single command
 * its move stands for, so the rules are the aggregate's own; the events of all of them commit together. A payout
 * that refuses, or does not exist, is reported and the others go on: its rule checks come before any event.
 */
@Component
class PayoutRailMoves {

    private final Repository<Payout> payouts;

    PayoutRailMoves(Repository<Payout> payouts) {
        this.payouts = payouts;
    }

    @CommandHandler
    public AdvancePayoutsCommand.Result handle(AdvancePayoutsCommand command) {
        Map<PayoutId, DomainException> refusals = new LinkedHashMap<>();
        for (AdvancePayoutsCommand.Move move : command.moves()) {
            try {
                Aggregate<Payout> payout = payouts.load(move.payoutId().value());
                payout.execute(aggregate -> make(aggregate, move));
            } catch (AggregateNotFoundException unknown) {
                refusals.put(move.payoutId(), new PayoutNotFoundException(move.payoutId().value()));
            } catch (DomainException refused) {
                refusals.put(move.payoutId(), refused);
            }
        }
        return new AdvancePayoutsCommand.Result(refusals);
    }

    private static void make(Payout payout, AdvancePayoutsCommand.Move move) {
        switch (move.step()) {
            case QUEUE -> payout.handle(new QueuePayoutCommand(move.payoutId(), move.at()));
            case START_PROCESSING -> payout.handle(new StartPayoutProcessingCommand(move.payoutId(), move.at()));
            case COMPLETE -> payout.handle(new CompletePayoutCommand(move.payoutId(), move.at()));
        }
    }
}
