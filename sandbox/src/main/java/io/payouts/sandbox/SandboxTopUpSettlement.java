package io.payouts.sandbox;

import io.payouts.platform.commands.Commands;
import io.payouts.platform.commands.Origin;
import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;
import io.payouts.shared.Mode;
import io.payouts.shared.eventhandling.ProcessingGroups;
import io.payouts.shared.wallet.SettleTopUpCommand;
import io.payouts.shared.wallet.TopUpRequestedEvent;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.DisallowReplay;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.Timestamp;
import org.springframework.stereotype.Component;

import java.time.Instant;

/**
 * Sandbox money is simulated: a sandbox top-up settles as soon as it is requested. Production top-ups wait for
 * an owner or admin to confirm the bank transfer (ADR-0011). Runs from the event store, so a top-up requested
 * just before a crash still settles after the restart; settling twice is refused and ignored.
 */
@Component
@ProcessingGroup(ProcessingGroups.SANDBOX_TOP_UP_SETTLEMENT)
@DisallowReplay
class SandboxTopUpSettlement {

    static final String AUTOMATIC = "automatic";

    private final Commands commands;

    SandboxTopUpSettlement(Commands commands) {
        this.commands = commands;
    }

    @EventHandler
    void on(TopUpRequestedEvent event, @Timestamp Instant requestedAt) {
        if (event.mode() != Mode.SANDBOX) {
            return;
        }
        try {
            commands.send(new SettleTopUpCommand(event.walletId(), event.transactionId(), AUTOMATIC, requestedAt),
                    Origin.NONE);
        } catch (DomainException alreadySettled) {
            // a redelivered event after a crash: the top-up settled the first time (a refusal arrives as its code)
            if (alreadySettled.code() != ErrorCode.NOT_FOUND) {
                throw alreadySettled;
            }
        }
    }
}
