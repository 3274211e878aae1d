package io.payouts.service.sandbox;

import io.payouts.shared.MetadataKeys;
import io.payouts.shared.Mode;
import io.payouts.shared.wallet.WalletId;
import org.axonframework.commandhandling.CommandMessage;
import org.axonframework.messaging.InterceptorChain;
import org.axonframework.messaging.MessageHandlerInterceptor;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.reflect.RecordComponent;

/**
 * Lets a sandbox command run only while no reset is under way (ADR-0015): the command takes the sandbox lock shared
 * in its own transaction, so a reset waits for it to commit, and a command arriving during a reset is refused
 * (503) instead of writing into the world being cleared. A command sent by an event handler of the sandbox (for
 * example the automatic top-up settlement) during a reset is dropped instead: its event is about to be deleted, and
 * a failure there would stop the very processor the reset waits for.
 */
class SandboxCommandGate implements MessageHandlerInterceptor<CommandMessage<?>> {

    private static final Logger log = LoggerFactory.getLogger(SandboxCommandGate.class);
    private static final WalletId SANDBOX_WALLET = WalletId.of(Mode.SANDBOX);

    private final SandboxLock lock;

    SandboxCommandGate(SandboxLock lock) {
        this.lock = lock;
    }

    @Override
    public Object handle(UnitOfWork<? extends CommandMessage<?>> unitOfWork, InterceptorChain chain) throws Exception {
        CommandMessage<?> command = unitOfWork.getMessage();
        if (!isSandbox(command) || lock.tryShared()) {
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
