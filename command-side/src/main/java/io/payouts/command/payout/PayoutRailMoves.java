package io.payouts.command.payout;

import io.payouts.shared.DomainException;
import io.payouts.shared.InvalidStateException;
import io.payouts.shared.Refusal;
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
 * Makes a batch of rail moves in one unit of work (ADR-0012, ADR-0024): each payout is loaded (from the payout cache
 * while it is on the rail) and handles the single command its move stands for, so the rules are the aggregate's own;
 * the events of all of them commit together. A payout that refuses, does not exist, or moved on since the step was
 * planned is reported and the others go on: its rule checks come before any event.
 */
@Component
class PayoutRailMoves {

    private final Repository<Payout> payouts;

    PayoutRailMoves(Repository<Payout> payouts) {
        this.payouts = payouts;
    }

    @CommandHandler
    public AdvancePayoutsCommand.Result handle(AdvancePayoutsCommand command) {
        Map<PayoutId, Refusal> refusals = new LinkedHashMap<>();
        for (AdvancePayoutsCommand.Move move : command.moves()) {
            try {
                Aggregate<Payout> payout = payouts.load(move.payoutId().value());
                requirePlannedVersion(payout, move);
                payout.execute(aggregate -> make(aggregate, move));
            } catch (AggregateNotFoundException unknown) {
                refusals.put(move.payoutId(), Refusal.of(new PayoutNotFoundException(move.payoutId().value())));
            } catch (DomainException refused) {
                refusals.put(move.payoutId(), Refusal.of(refused));
            }
        }
        return new AdvancePayoutsCommand.Result(refusals);
    }

    /** A step planned from an earlier event (an attempt that failed and was retried since) is out of date. */
    private static void requirePlannedVersion(Aggregate<Payout> payout, AdvancePayoutsCommand.Move move) {
        Long version = payout.version();
        if (version == null || version != move.plannedAtVersion()) {
            throw new InvalidStateException("payout " + move.payoutId() + " moved on since its " + move.step()
                    + " was planned (at version " + move.plannedAtVersion() + ", now " + version + ")");
        }
    }

    private static void make(Payout payout, AdvancePayoutsCommand.Move move) {
        switch (move.step()) {
            case QUEUE -> payout.handle(new QueuePayoutCommand(move.payoutId(), move.at(), move.railAdapter(),
                    move.railReference()));
            case START_PROCESSING -> payout.handle(new StartPayoutProcessingCommand(move.payoutId(), move.at()));
            case COMPLETE -> payout.handle(new CompletePayoutCommand(move.payoutId(), move.at()));
        }
    }
}
