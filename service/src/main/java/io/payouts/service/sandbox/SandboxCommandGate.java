package io.payouts.service.sandbox;

import io.payouts.query.consistency.DiscardedStreams;
import io.payouts.shared.MetadataKeys;
import io.payouts.shared.batch.BatchId;
import io.payouts.shared.batch.BatchNotFoundException;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DriverNotFoundException;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutNotFoundException;
import io.payouts.shared.wallet.ResetSandboxCommand;
import io.payouts.shared.Mode;
import io.payouts.shared.wallet.WalletId;
import org.axonframework.commandhandling.CommandMessage;
import org.axonframework.messaging.InterceptorChain;
import org.axonframework.messaging.MessageHandlerInterceptor;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.reflect.RecordComponent;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Lets a sandbox command run only while no reset is under way (ADR-0015): the command takes the sandbox lock shared
 * in its own transaction, so a reset waits for it to commit, and a command arriving during a reset is refused
 * (503) instead of writing into the world being cleared. A command sent by an event handler of the sandbox (for
 * example the automatic top-up settlement) during a reset is dropped instead: its event is about to be deleted, and
 * a failure there would stop the very processor the reset waits for. Where a reset keeps the events (Axon Server), a
 * command naming a discarded driver, payout or batch is refused as not found; the reset's own command always passes.
 */
class SandboxCommandGate implements MessageHandlerInterceptor<CommandMessage<?>> {

    private static final Logger log = LoggerFactory.getLogger(SandboxCommandGate.class);
    private static final WalletId SANDBOX_WALLET = WalletId.of(Mode.SANDBOX);

    private final SandboxLock lock;
    private final DiscardedStreams discarded;

    SandboxCommandGate(SandboxLock lock, DiscardedStreams discarded) {
        this.lock = lock;
        this.discarded = discarded;
    }

    @Override
    public Object handle(UnitOfWork<? extends CommandMessage<?>> unitOfWork, InterceptorChain chain) throws Exception {
        CommandMessage<?> command = unitOfWork.getMessage();
        if (command.getPayload() instanceof ResetSandboxCommand || !isSandbox(command)) {
            return chain.proceed();
        }
        if (lock.tryShared()) {
            refuseDiscarded(command.getPayload());
            return chain.proceed();
        }
        if (unitOfWork.parent().isPresent()) {
            log.info("Sandbox reset under way: {} from an event handler is dropped with the world it belongs to",
                    command.getCommandName());
            return null;
        }
        throw new SandboxResetInProgressException();
    }

    /**
     * A reset that keeps its events discarded the sandbox's aggregates (ADR-0015): a command naming one is refused as
     * the PostgreSQL event store would refuse it, not found, whichever instance still caches the aggregate.
     */
    private void refuseDiscarded(Object payload) {
        if (discarded == DiscardedStreams.NONE) {
            return;
        }
        Map<String, Object> named = new LinkedHashMap<>();
        collectIds(payload, named);
        if (named.isEmpty() || !discarded.anyDiscarded(named.keySet())) {
            return;
        }
        for (Map.Entry<String, Object> id : named.entrySet()) {
            if (discarded.discarded(id.getKey())) {
                throw notFound(id.getValue());
            }
        }
    }

    private static RuntimeException notFound(Object id) {
        if (id instanceof PayoutId payout) {
            return new PayoutNotFoundException(payout.value());
        }
        if (id instanceof DriverId driver) {
            return new DriverNotFoundException(driver.value());
        }
        return new BatchNotFoundException(((BatchId) id).value());
    }

    /**
     * The drivers, payouts and batches a command names in its own fields or lists of them. Not deeper: the items of
     * an admission are refused one by one by the payability rules, whose rows a reset deletes.
     */
    private static void collectIds(Object payload, Map<String, Object> named) {
        if (payload == null || !payload.getClass().isRecord()) {
            return;
        }
        for (RecordComponent component : payload.getClass().getRecordComponents()) {
            Object value;
            try {
                value = component.getAccessor().invoke(payload);
            } catch (ReflectiveOperationException unreadable) {
                continue;
            }
            if (value instanceof Collection<?> values) {
                values.forEach(element -> collectId(element, named));
            } else {
                collectId(value, named);
            }
        }
    }

    private static void collectId(Object value, Map<String, Object> named) {
        if (value instanceof PayoutId payout) {
            named.putIfAbsent(payout.value(), payout);
        } else if (value instanceof DriverId driver) {
            named.putIfAbsent(driver.value(), driver);
        } else if (value instanceof BatchId batch) {
            named.putIfAbsent(batch.value(), batch);
        }
    }

    /**
     * Commands from requests and the rail carry the mode in their metadata; the few sent without it (payout
     * admission batches) name the mode or the sandbox wallet in their payload.
     */
    static boolean isSandbox(CommandMessage<?> command) {
        Object mode = command.getMetaData().get(MetadataKeys.MODE);
        if (mode != null) {
            return Mode.SANDBOX.apiName().equals(mode);
        }
        Object payload = command.getPayload();
        if (payload == null || !payload.getClass().isRecord()) {
            return false;
        }
        for (RecordComponent component : payload.getClass().getRecordComponents()) {
            Object value;
            try {
                value = component.getAccessor().invoke(payload);
            } catch (ReflectiveOperationException e) {
                continue;
            }
            if (value == Mode.SANDBOX || SANDBOX_WALLET.equals(value)) {
                return true;
            }
        }
        return false;
    }
}
