package io.payouts.service.platform.axon;

import org.axonframework.commandhandling.CommandExecutionException;
import org.axonframework.commandhandling.CommandResultMessage;
import org.axonframework.commandhandling.GenericCommandMessage;
import org.axonframework.commandhandling.SimpleCommandBus;
import org.axonframework.common.transaction.Transaction;
import org.axonframework.common.transaction.TransactionManager;
import org.junit.jupiter.api.Test;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.TransactionSystemException;

import java.net.ConnectException;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * A command's transaction that cannot start or commit because the database is out of reach fails with data that says
 * so (issue #17): it happens outside the handler interceptors, so over Axon Server it was a bare 500.
 */
class DatabaseFailuresAsDetailsTest {

    private static final RuntimeException UNREACHABLE = new CannotCreateTransactionException(
            "Could not open JDBC Connection for transaction", new ConnectException("Connection refused"));

    @Test
    void aTransactionThatCannotStartCarriesTheDatabasesFailureAsDetails() {
        SimpleCommandBus bus = SimpleCommandBus.builder()
                .transactionManager(new DatabaseFailuresAsDetails(() -> {
                    throw UNREACHABLE;
                }))
                .build();
        bus.subscribe(String.class.getName(), command -> "paid");
        CompletableFuture<CommandResultMessage<?>> answer = new CompletableFuture<>();

        // the bus throws it to whoever handed it the command: Axon Server's connector, which sends it back as data
        Throwable failure = catchThrowable(() -> bus.dispatch(GenericCommandMessage.asCommandMessage("pay"),
                (command, result) -> answer.complete(result)));

        assertThat(answer).isNotDone();
        assertThat(failure).isInstanceOfSatisfying(CommandExecutionException.class,
                carried -> assertThat(carried.getDetails()).get().isInstanceOf(DatabaseWasUnavailable.class));
    }

    @Test
    void aCommitCutByTheDatabaseCarriesItsFailureAsDetails() {
        Transaction cut = transaction(UNREACHABLE);

        Throwable failure = catchThrowable(() -> new DatabaseFailuresAsDetails(() -> cut).startTransaction().commit());

        assertThat(failure).isInstanceOfSatisfying(CommandExecutionException.class,
                carried -> assertThat(carried.getDetails()).get().isInstanceOf(DatabaseWasUnavailable.class));
        assertThat(failure.getCause()).isSameAs(UNREACHABLE);
    }

    @Test
    void anyOtherFailurePassesAsItCame() {
        RuntimeException refused = new TransactionSystemException("commit refused: serialization failure");
        TransactionManager failing = () -> transaction(refused);

        assertThat(catchThrowable(() -> new DatabaseFailuresAsDetails(failing).startTransaction().commit()))
                .isSameAs(refused);
    }

    private static Transaction transaction(RuntimeException onCommit) {
        return new Transaction() {
            @Override
            public void commit() {
                throw onCommit;
            }

            @Override
            public void rollback() {
            }
        };
    }
}
