package io.payouts.platform.commands;

import io.payouts.shared.MetadataKeys;
import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;
import io.payouts.shared.wallet.WalletId;
import org.axonframework.commandhandling.CommandMessage;
import org.axonframework.commandhandling.distributed.AnnotationRoutingStrategy;
import org.axonframework.commandhandling.distributed.RoutingStrategy;

import java.util.Optional;

/**
 * Sends every command of one mode to the instance that holds that mode's wallet: Axon Server routes one routing key
 * to one instance at a time, so every command that decides against the wallet has one writer, and the caches that
 * assume one (ADR-0011, ADR-0024) hold. The mode comes from the command ({@link ModeScoped}) or, for the few that
 * name only their payout, from the metadata its sender set ({@link Origin}); a command with neither (API keys) is
 * routed by its aggregate, as Axon does by default.
 */
public final class WalletRouting implements RoutingStrategy {

    private final RoutingStrategy byAggregate = AnnotationRoutingStrategy.defaultStrategy();

    @Override
    public String getRoutingKey(CommandMessage<?> command) {
        return modeOf(command).map(mode -> WalletId.of(mode).value())
                .orElseGet(() -> byAggregate.getRoutingKey(command));
    }

    /** The mode a command belongs to, if it says: its payload first, then its metadata. */
    public static Optional<Mode> modeOf(CommandMessage<?> command) {
        if (command.getPayload() instanceof ModeScoped scoped && scoped.mode() != null) {
            return Optional.of(scoped.mode());
        }
        return modeInMetadata(command);
    }

    /** The mode the sender put in the metadata, if any. */
    public static Optional<Mode> modeInMetadata(CommandMessage<?> command) {
        Object mode = command.getMetaData().get(MetadataKeys.MODE);
        for (Mode candidate : Mode.values()) {
            if (candidate.apiName().equals(mode)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }
}
