package io.payouts.rail;

import io.payouts.platform.commands.Commands;
import io.payouts.platform.commands.Origin;
import io.payouts.shared.Mode;
import io.payouts.shared.payout.AdvancePayoutsCommand;
import io.payouts.shared.payout.CompletePayoutCommand;
import io.payouts.shared.payout.FailPayoutCommand;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.ReturnPayoutCommand;
import io.payouts.shared.payout.StartPayoutProcessingCommand;
import io.payouts.shared.wallet.SettleTopUpCommand;
import io.payouts.shared.wallet.TopUpSettlement;
import io.payouts.shared.wallet.TransactionId;
import io.payouts.shared.wallet.WalletId;

import java.time.Instant;
import java.util.List;

/**
 * How a rail reports what happened to a payout (and a bank the money that came in for a top-up): always as a
 * command, so the Payout aggregate (or the wallet) decides whether the move is allowed (ADR-0012). A move it does not
 * allow surfaces as the aggregate's own {@link io.payouts.shared.InvalidStateException}. The events inherit
 * {@code caller} (the reporting rail) and the payout's mode as audit metadata.
 */
public final class RailOutcomes {

    private final Commands commands;
    private final String caller;

    private RailOutcomes(Commands commands, String caller) {
        this.commands = commands;
        this.caller = caller;
    }

    /** Outcomes reported by {@code caller}, for example {@code rail:simulated}. */
    public static RailOutcomes reportedBy(Commands commands, String caller) {
        return new RailOutcomes(commands, caller);
    }

    public void completed(PayoutId payoutId, Mode mode, Instant at) {
        send(new CompletePayoutCommand(payoutId, at), mode);
    }

    public void failed(PayoutId payoutId, Mode mode, String reason, Instant at) {
        send(new FailPayoutCommand(payoutId, reason, at), mode);
    }

    /** The rail accepted the payout and is moving the money: queued to processing. */
    public void processing(PayoutId payoutId, Mode mode, Instant at) {
        send(new StartPayoutProcessingCommand(payoutId, at), mode);
    }

    /**
     * The money of a completed payout came back: the payout ends failed and its amount is credited back to the wallet
     * as the funding transaction {@code creditId}.
     */
    public void returned(PayoutId payoutId, Mode mode, String reason, TransactionId creditId, Instant at) {
        send(new ReturnPayoutCommand(payoutId, reason, creditId, at), mode);
    }

    /**
     * The bank notified {@code amount} cents credited for the production top-up {@code topUp}: it settles, as an
     * admin's confirmation would, if it is pending and the amount is its own; the wallet refuses otherwise.
     */
    public TopUpSettlement credited(TransactionId topUp, long amount, String settledBy, Instant at) {
        return send(new SettleTopUpCommand(WalletId.of(Mode.PRODUCTION), topUp, settledBy, at, amount),
                Mode.PRODUCTION);
    }

    /** Many payouts of one mode, one step each, in one commit; the moves the payouts refused come back. */
    public AdvancePayoutsCommand.Result advanced(Mode mode, List<AdvancePayoutsCommand.Move> moves) {
        return send(new AdvancePayoutsCommand(mode, moves), mode);
    }

    private <R> R send(Object command, Mode mode) {
        return commands.send(command, Origin.system(caller, mode));
    }
}
