package io.payouts.bank.provider;

import io.payouts.platform.commands.Commands;
import io.payouts.platform.commands.Origin;
import io.payouts.shared.ErrorCode;
import io.payouts.shared.Refusal;
import io.payouts.shared.payout.AdvancePayoutsCommand;
import io.payouts.shared.payout.PayoutId;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The command bus as the rail sees it, without the aggregates: it records every command with its origin and makes
 * every move, unless a test made a payout refuse them (as one canceled meanwhile would).
 */
final class RecordingCommands extends Commands {

    private final List<Sent> sent = new CopyOnWriteArrayList<>();
    private final Set<PayoutId> refusing = ConcurrentHashMap.newKeySet();

    RecordingCommands() {
        super(null);
    }

    void refuseMovesOf(PayoutId payoutId) {
        refusing.add(payoutId);
    }

    List<Sent> sent() {
        return List.copyOf(sent);
    }

    /** The moves sent for a payout, in order, with the step each took. */
    List<AdvancePayoutsCommand.Move> movesOf(PayoutId payoutId) {
        return sent.stream().filter(command -> command.command() instanceof AdvancePayoutsCommand)
                .flatMap(command -> ((AdvancePayoutsCommand) command.command()).moves().stream())
                .filter(move -> move.payoutId().equals(payoutId)).toList();
    }

    <T> List<T> sentOf(Class<T> type) {
        return sent.stream().map(Sent::command).filter(type::isInstance).map(type::cast).toList();
    }

    @Override
    @SuppressWarnings("unchecked")
    public <R> R send(Object command, Origin origin) {
        sent.add(new Sent(command, origin));
        if (command instanceof AdvancePayoutsCommand advance) {
            Map<PayoutId, Refusal> refusals = new HashMap<>();
            for (AdvancePayoutsCommand.Move move : advance.moves()) {
                if (refusing.contains(move.payoutId())) {
                    refusals.put(move.payoutId(), new Refusal(ErrorCode.INVALID_STATE, "payout " + move.payoutId()
                            + " is canceled and cannot be queued", Map.of()));
                }
            }
            return (R) new AdvancePayoutsCommand.Result(refusals);
        }
        return null;
    }

    record Sent(Object command, Origin origin) {
    }
}
