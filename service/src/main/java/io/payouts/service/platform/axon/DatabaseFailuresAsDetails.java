package io.payouts.service.platform.axon;

import org.axonframework.commandhandling.CommandExecutionException;
import org.axonframework.common.transaction.Transaction;
import org.axonframework.common.transaction.TransactionManager;

/**
 * Axon's transactions, with a database out of reach reported as data (issue #17). A command's transaction starts
 * before the handler interceptors run and commits after them, so {@link RefusalsAsDetails} never sees a pool that
 * cannot hand out a connection or a commit that is cut; through Axon Server the sender then got a bare message and
 * answered 500 where one instance answers 503. Any other failure passes as it came; so does every failure of a
 * database in reach.
 */
final class DatabaseFailuresAsDetails implements TransactionManager {

    private final TransactionManager delegate;

    DatabaseFailuresAsDetails(TransactionManager delegate) {
        this.delegate = delegate;
    }

    @Override
    public Transaction startTransaction() {
        Transaction transaction;
        try {
            transaction = delegate.startTransaction();
        } catch (RuntimeException failure) {
            throw translated(failure);
        }
        return new Transaction() {
            @Override
            public void commit() {
                try {
                    transaction.commit();
                } catch (RuntimeException failure) {
                    throw translated(failure);
                }
            }

            @Override
            public void rollback() {
                transaction.rollback();
            }
        };
    }

    /** A runtime failure stays one: it is either itself or a {@link CommandExecutionException}. */
    static RuntimeException translated(RuntimeException failure) {
        return (RuntimeException) DatabaseWasUnavailable.carriedIfUnavailable(failure);
    }
}
