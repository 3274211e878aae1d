package io.payouts.shared.payout;

import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;
import io.payouts.shared.Refusal;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Moves many payouts of one mode one rail step each, in one unit of work and one commit (ADR-0012): how the
 * simulated rail reports a poll's due steps. Each payout still decides its own move, as with the single commands;
 * a move it refuses is reported in the result and does not stop the others.
 */
public record AdvancePayoutsCommand(Mode mode, List<Move> moves) implements ModeScoped {

    public AdvancePayoutsCommand {
        Objects.requireNonNull(mode, "mode");
        moves = List.copyOf(moves);
    }

    /** The single commands these moves stand for: queue, start processing, complete. */
    public enum Step {
        QUEUE,
        START_PROCESSING,
        COMPLETE
    }

    /**
     * One payout's step. {@code plannedAtVersion}: the sequence number of the payout's event the step was planned
     * from; a payout whose stream has moved past it refuses the step as out of date. A queue step may name the rail
     * that took the payout and its submission ({@link QueuePayoutCommand}); other steps leave both null.
     */
    public record Move(PayoutId payoutId, Step step, Instant at, long plannedAtVersion, String railAdapter,
                       String railReference) {

        public Move {
            Objects.requireNonNull(payoutId, "payoutId");
            Objects.requireNonNull(step, "step");
            Objects.requireNonNull(at, "at");
        }

        public Move(PayoutId payoutId, Step step, Instant at, long plannedAtVersion) {
            this(payoutId, step, at, plannedAtVersion, null, null);
        }
    }

    /**
     * The moves the payouts refused, with the refusal a single command would have made (as data, so the result
     * crosses any command bus); the rest were made.
     */
    public record Result(Map<PayoutId, Refusal> refusals) {

        public Result {
            refusals = Map.copyOf(refusals);
        }
    }
}
