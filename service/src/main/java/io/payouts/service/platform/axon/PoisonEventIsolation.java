package io.payouts.service.platform.axon;

import io.payouts.shared.eventhandling.BatchedEventHandler;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.messaging.Message;
import org.axonframework.messaging.annotation.HandlerEnhancerDefinition;
import org.axonframework.messaging.annotation.MessageHandlingMember;
import org.axonframework.messaging.annotation.WrappedMessageHandlingMember;
import org.axonframework.messaging.deadletter.DeadLetter;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

import java.util.Map;
import javax.annotation.Nonnull;

/**
 * Handles an event in its own transaction when it belongs to a failed batch ({@link FailedBatches}) or is a retried
 * parked event: a handler's failure rolls back only that event's writes, and the dead-letter queue can park it
 * (ADR-0016). Not a savepoint: JPA marks the transaction rollback-only on any failure. The event's writes commit before
 * the processor's token; a crash in between replays it, which per-row versions make harmless. The failed batch's
 * events come first in its retry, so no isolated event waits on a row the processor's transaction holds.
 */
class PoisonEventIsolation implements HandlerEnhancerDefinition {

    private static final String ISOLATED = PoisonEventIsolation.class.getName() + ".isolated:";

    private final FailedBatches failedBatches;
    private final ObjectProvider<PlatformTransactionManager> transactions;

    PoisonEventIsolation(FailedBatches failedBatches, ObjectProvider<PlatformTransactionManager> transactions) {
        this.failedBatches = failedBatches;
        this.transactions = transactions;
    }

    @Override
    public @Nonnull <T> MessageHandlingMember<T> wrapHandler(@Nonnull MessageHandlingMember<T> original) {
        if (!original.canHandleMessageType(EventMessage.class)) {
            return original;
        }
        ProcessingGroup group = original.declaringClass().getAnnotation(ProcessingGroup.class);
        return group == null ? original : new Isolating<>(original, group.value());
    }

    private final class Isolating<T> extends WrappedMessageHandlingMember<T> {

        private final String processingGroup;

        private Isolating(MessageHandlingMember<T> delegate, String processingGroup) {
            super(delegate);
            this.processingGroup = processingGroup;
        }

        @Override
        public Object handle(@Nonnull Message<?> message, T target) throws Exception {
            if (!(message instanceof EventMessage<?> event) || !isolated(event)) {
                return super.handle(message, target);
            }
            TransactionTemplate ownTransaction = new TransactionTemplate(transactions.getObject());
            ownTransaction.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRES_NEW);
            try {
                return ownTransaction.execute(status -> {
                    Map<String, Object> resources = CurrentUnitOfWork.get().resources();
                    resources.put(BatchedEventHandler.APPLY_AT_ONCE, Boolean.TRUE);
                    try {
                        return super.handle(message, target);
                    } catch (RuntimeException | Error failure) {
                        throw failure;
                    } catch (Exception failure) {
                        throw new CheckedFailure(failure);
                    } finally {
                        resources.remove(BatchedEventHandler.APPLY_AT_ONCE);
                    }
                });
            } catch (CheckedFailure wrapped) {
                throw wrapped.failure;
            }
        }

        /** Decided once per event and kept in the unit of work, so every handler of the group agrees. */
        private boolean isolated(EventMessage<?> event) {
            if (!CurrentUnitOfWork.isStarted()) {
                return false;
            }
            Map<String, Object> resources = CurrentUnitOfWork.get().resources();
            if (resources.containsKey(DeadLetter.class.getName())) {
                return true;
            }
            String key = ISOLATED + event.getIdentifier();
            if (resources.containsKey(key)) {
                return true;
            }
            if (failedBatches.takeForIsolation(processingGroup, event)) {
                resources.put(key, Boolean.TRUE);
                return true;
            }
            return false;
        }
    }

    /** Carries a handler's checked exception through the transaction template's callback. */
    private static final class CheckedFailure extends RuntimeException {

        private final transient Exception failure;

        private CheckedFailure(Exception failure) {
            super(failure);
            this.failure = failure;
        }
    }
}
