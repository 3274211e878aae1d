package io.payouts.service.rail;

import io.payouts.shared.MetadataKeys;
import io.payouts.shared.Mode;
import io.payouts.shared.payout.CompletePayoutCommand;
import io.payouts.shared.payout.FailPayoutCommand;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.QueuePayoutCommand;
import io.payouts.shared.payout.StartPayoutProcessingCommand;
import org.axonframework.commandhandling.CommandExecutionException;
import org.axonframework.commandhandling.GenericCommandMessage;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.messaging.MetaData;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How a rail reports what happened to a payout: always as a command, so the Payout aggregate decides whether the
 * move is allowed (ADR-0012). A move it does not allow surfaces as the aggregate's own
 * {@link io.payouts.shared.InvalidStateException}. The events inherit {@code caller} (the reporting rail) and the
 * payout's mode as audit metadata.
 */
public final class RailOutcomes {

    private final CommandGateway commands;
    private final String caller;

    private RailOutcomes(CommandGateway commands, String caller) {
        this.commands = commands;
        this.caller = caller;
    }

    /** Outcomes reported by {@code caller}, for example {@code rail:simulated}. */
    public static RailOutcomes reportedBy(CommandGateway commands, String caller) {
        return new RailOutcomes(commands, caller);
    }

    public void queued(PayoutId payoutId, Mode mode, Instant at) {
        send(new QueuePayoutCommand(payoutId, at), mode);
    }

    public void processing(PayoutId payoutId, Mode mode, Instant at) {
        send(new StartPayoutProcessingCommand(payoutId, at), mode);
    }

    public void completed(PayoutId payoutId, Mode mode, Instant at) {
        send(new CompletePayoutCommand(payoutId, at), mode);
    }

    public void failed(PayoutId payoutId, Mode mode, String reason, Instant at) {
        send(new FailPayoutCommand(payoutId, reason, at), mode);
    }

    private void send(Object command, Mode mode) {
        Map<String, Object> audit = new LinkedHashMap<>();
        audit.put(MetadataKeys.CALLER, caller);
        if (mode != null) {
            audit.put(MetadataKeys.MODE, mode.apiName());
        }
        try {
            commands.sendAndWait(GenericCommandMessage.asCommandMessage(command).andMetaData(MetaData.from(audit)));
        } catch (CommandExecutionException wrapped) {
            throw wrapped.getCause() instanceof RuntimeException cause ? cause : wrapped;
        }
    }
}
