package io.payouts.service.platform.axon;

import io.payouts.shared.MetadataKeys;
import io.payouts.shared.Mode;
import io.payouts.shared.wallet.WalletId;
import org.axonframework.commandhandling.CommandMessage;
import org.axonframework.commandhandling.distributed.AnnotationRoutingStrategy;
import org.axonframework.commandhandling.distributed.RoutingStrategy;

import java.lang.reflect.RecordComponent;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Sends every command of one mode to the instance that holds that mode's wallet (issue #17): Axon Server routes
 * commands with one routing key to one instance at a time, so admission, releases, the rail's moves and settlements,
 * which all decide against the wallet, have one writer, and the caches that assume one (ADR-0011, ADR-0024) hold.
 * The mode comes from the command (a {@link Mode} or {@link WalletId} field) or, for the few that name only their
 * payout or batch, from the mode its sender put in the metadata; a command with neither (API keys) is routed by its
 * aggregate, as Axon does by default.
 */
public final class WalletRouting implements RoutingStrategy {

    private final RoutingStrategy byAggregate = AnnotationRoutingStrategy.defaultStrategy();
    private final Map<Class<?>, Function<Object, Optional<Mode>>> modeOfPayload = new ConcurrentHashMap<>();

    @Override
    public String getRoutingKey(CommandMessage<?> command) {
        return modeOf(command).map(mode -> WalletId.of(mode).value())
                .orElseGet(() -> byAggregate.getRoutingKey(command));
    }

    /** The mode a command belongs to, if it says: its payload first, then its metadata. */
    Optional<Mode> modeOf(CommandMessage<?> command) {
        Object payload = command.getPayload();
        Optional<Mode> fromPayload = payload == null ? Optional.empty()
                : modeOfPayload.computeIfAbsent(payload.getClass(), WalletRouting::modeReader).apply(payload);
        if (fromPayload.isPresent()) {
            return fromPayload;
        }
        Object mode = command.getMetaData().get(MetadataKeys.MODE);
        for (Mode candidate : Mode.values()) {
            if (candidate.apiName().equals(mode)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /** Reads the first {@link Mode} or {@link WalletId} component of a record; nothing for any other class. */
    static Function<Object, Optional<Mode>> modeReader(Class<?> type) {
        if (!type.isRecord()) {
            return payload -> Optional.empty();
        }
        for (RecordComponent component : type.getRecordComponents()) {
            if (component.getType() == Mode.class || component.getType() == WalletId.class) {
                return payload -> {
                    Object value = read(component, payload);
                    if (value instanceof Mode mode) {
                        return Optional.of(mode);
                    }
                    return value instanceof WalletId wallet ? modeOfWallet(wallet) : Optional.empty();
                };
            }
        }
        return payload -> Optional.empty();
    }

    private static Optional<Mode> modeOfWallet(WalletId wallet) {
        for (Mode mode : Mode.values()) {
            if (WalletId.of(mode).equals(wallet)) {
                return Optional.of(mode);
            }
        }
        return Optional.empty();
    }

    private static Object read(RecordComponent component, Object payload) {
        try {
            return component.getAccessor().invoke(payload);
        } catch (ReflectiveOperationException unreadable) {
            throw new IllegalStateException("cannot read " + component.getName() + " of " + payload.getClass(),
                    unreadable);
        }
    }
}
