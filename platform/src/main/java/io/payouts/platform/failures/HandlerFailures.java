package io.payouts.platform.failures;

import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;
import io.payouts.shared.Refusal;
import org.axonframework.commandhandling.CommandBus;
import org.axonframework.commandhandling.CommandCallback;
import org.axonframework.commandhandling.CommandExecutionException;
import org.axonframework.commandhandling.CommandMessage;
import org.axonframework.commandhandling.GenericCommandResultMessage;
import org.axonframework.common.transaction.Transaction;
import org.axonframework.common.transaction.TransactionManager;
import org.axonframework.messaging.HandlerExecutionException;
import org.axonframework.messaging.InterceptorChain;
import org.axonframework.messaging.MessageHandlerInterceptor;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.axonframework.modelling.command.AggregateNotFoundException;

import java.util.Map;

/**
 * What runs in the JVM that handles a command, so that its failure crosses the command bus as data (ADR-0029): Axon
 * Server carries a {@link CommandExecutionException}'s details to the sender and drops the exception and its causes.
 * A failure leaves the handling side in one of three places: {@link Refusals} (the handler interceptors),
 * {@link Transactions} (the command's transaction, outside them) and {@link LocalSegment} (the local bus under Axon
 * Server's). The sender's side is {@link SenderFailures}. Both run on the local bus too, so tests see what a second
 * instance would.
 */
public final class HandlerFailures {

    /** What the edge has always answered for an unknown aggregate (ApiExceptionHandler). */
    static final Refusal UNKNOWN_AGGREGATE = new Refusal(ErrorCode.NOT_FOUND, "resource not found", Map.of());

    private HandlerFailures() {
    }

    /**
     * The failure the handling side answers with: a database out of reach carrying a {@link DatabaseWasUnavailable}
     * as its details; any other failure, and one that already carries its details, as it came.
     */
    static Exception carriedIfUnavailable(Exception failure) {
        if (failure instanceof CommandExecutionException || !DatabaseUnavailable.causedBy(failure)) {
            return failure;
        }
        return new CommandExecutionException(failure.getMessage(), failure,
                new DatabaseWasUnavailable(failure.toString()));
    }

    /** A runtime failure stays one: it is either itself or a {@link CommandExecutionException}. */
    static RuntimeException carriedIfUnavailable(RuntimeException failure) {
        return (RuntimeException) carriedIfUnavailable((Exception) failure);
    }

    static boolean carriesUnavailableDatabase(Throwable failure) {
        return failure instanceof HandlerExecutionException carrier
                && carrier.getDetails().filter(DatabaseWasUnavailable.class::isInstance).isPresent();
    }

    /**
     * The outermost command handler interceptor: registered before any other (so a refusal of the sandbox gate
     * crosses as data too), it turns a refusal into a {@link Refusal} and a database out of reach into a
     * {@link DatabaseWasUnavailable}, each as the details of a {@link CommandExecutionException}.
     */
    public static final class Refusals implements MessageHandlerInterceptor<CommandMessage<?>> {

        @Override
        public Object handle(UnitOfWork<? extends CommandMessage<?>> unitOfWork, InterceptorChain chain)
                throws Exception {
            try {
                return chain.proceed();
            } catch (DomainException refused) {
                throw new CommandExecutionException(refused.getMessage(), refused, Refusal.of(refused));
            } catch (AggregateNotFoundException unknown) {
                throw new CommandExecutionException(unknown.getMessage(), unknown, UNKNOWN_AGGREGATE);
            } catch (Exception failure) {
                throw carriedIfUnavailable(failure);
            }
        }
    }

    /**
     * Axon's transactions, with a database out of reach reported as data: the command bus's, which start and commit
     * outside the handler interceptors, and the rest (event processors, the event store), for which it changes only
     * the wrapper of a failure whose cause stays underneath. Any other failure passes as it came; so does every
     * failure of a database in reach.
     */
    public static final class Transactions implements TransactionManager {

        private final TransactionManager delegate;

        public Transactions(TransactionManager delegate) {
            this.delegate = delegate;
        }

        @Override
        public Transaction startTransaction() {
            Transaction transaction;
            try {
                transaction = delegate.startTransaction();
            } catch (RuntimeException failure) {
                throw carriedIfUnavailable(failure);
            }
            return new Transaction() {
                @Override
                public void commit() {
                    try {
                        transaction.commit();
                    } catch (RuntimeException failure) {
                        throw carriedIfUnavailable(failure);
                    }
                }

                @Override
                public void rollback() {
                    transaction.rollback();
                }
            };
        }
    }

    /**
     * The local segment under Axon Server's command bus, answering a command whose transaction could not start
     * because the database was out of reach through the callback, as data. Every other failure is thrown as it came.
     */
    public static final class LocalSegment extends ForwardingCommandBus {

        public LocalSegment(CommandBus delegate) {
            super(delegate);
        }

        @Override
        public <C, R> void dispatch(CommandMessage<C> command, CommandCallback<? super C, ? super R> callback) {
            try {
                super.dispatch(command, callback);
            } catch (RuntimeException failure) {
                RuntimeException carried = carriedIfUnavailable(failure);
                if (!carriesUnavailableDatabase(carried)) {
                    throw failure;
                }
                callback.onResult(command, GenericCommandResultMessage.asCommandResultMessage(carried));
            }
        }
    }
}
