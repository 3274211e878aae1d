package io.payouts.sandbox;

import io.payouts.query.consistency.DiscardedStreams;
import io.payouts.platform.commands.WalletRouting;
import io.payouts.shared.BatchScoped;
import io.payouts.shared.DriverScoped;
import io.payouts.shared.MetadataKeys;
import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;
import io.payouts.shared.PayoutScoped;
import io.payouts.shared.batch.BatchNotFoundException;
import io.payouts.shared.driver.DriverNotFoundException;
import io.payouts.shared.payout.PayoutNotFoundException;
import io.payouts.shared.wallet.ResetSandboxCommand;
import org.axonframework.commandhandling.CommandMessage;
import org.axonframework.messaging.InterceptorChain;
import org.axonframework.messaging.MessageHandlerInterceptor;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Lets a sandbox command run only while no reset is under way (ADR-0015): the command takes the sandbox lock shared
 * in its own transaction, so a reset waits for it to commit, and a command arriving during a reset is refused (503)
 * rather than writing into the world being cleared. One sent by a sandbox event handler during a reset is dropped
 * instead: its event is about to be deleted, and a failure would stop the very processor the reset waits for. The
 * reset's own command always passes.
 */
class SandboxCommandGate implements MessageHandlerInterceptor<CommandMessage<?>> {

    private static final Logger log = LoggerFactory.getLogger(SandboxCommandGate.class);

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
     * the PostgreSQL event store would refuse it, not found, whichever instance still caches the aggregate. The
     * driver, payout and batch a command names are what it says it is about ({@link DriverScoped},
     * {@link PayoutScoped}, {@link BatchScoped}); the items of an admission are refused one by one by the payability
     * rules, whose rows a reset deletes.
     */
    private void refuseDiscarded(Object payload) {
        if (discarded == DiscardedStreams.NONE) {
            return;
        }
        if (payload instanceof DriverScoped about && discarded.discarded(about.driverId().value())) {
            throw new DriverNotFoundException(about.driverId().value());
        }
        if (payload instanceof PayoutScoped about && discarded.discarded(about.payoutId().value())) {
            throw new PayoutNotFoundException(about.payoutId().value());
        }
        if (payload instanceof BatchScoped about && discarded.discarded(about.batchId().value())) {
            throw new BatchNotFoundException(about.batchId().value());
        }
    }

    /**
     * Commands from requests and the rail carry the mode in their metadata; the few sent without it (payout
     * admission batches) name their mode or wallet ({@link ModeScoped}).
     */
    static boolean isSandbox(CommandMessage<?> command) {
        if (command.getMetaData().get(MetadataKeys.MODE) != null) {
            return WalletRouting.modeInMetadata(command).orElse(null) == Mode.SANDBOX;
        }
        return command.getPayload() instanceof ModeScoped scoped && scoped.mode() == Mode.SANDBOX;
    }
}
