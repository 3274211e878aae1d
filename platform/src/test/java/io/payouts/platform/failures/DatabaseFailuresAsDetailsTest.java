package io.payouts.platform.failures;

import org.axonframework.axonserver.connector.AxonServerConfiguration;
import org.axonframework.axonserver.connector.command.CommandSerializer;
import org.axonframework.commandhandling.CommandExecutionException;
import org.axonframework.commandhandling.CommandMessage;
import org.axonframework.commandhandling.CommandResultMessage;
import org.axonframework.commandhandling.GenericCommandMessage;
import org.axonframework.commandhandling.SimpleCommandBus;
import org.axonframework.common.transaction.Transaction;
import org.axonframework.common.transaction.TransactionManager;
import org.axonframework.serialization.json.JacksonSerializer;
import org.junit.jupiter.api.Test;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.TransactionSystemException;

import java.net.ConnectException;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * A command's transaction that cannot start or commit because the database is out of reach fails with data that says
 * so: it happens outside the handler interceptors, so over Axon Server it was a bare 500.
 */
class DatabaseFailuresAsDetailsTest {

    private static final RuntimeException UNREACHABLE = new CannotCreateTransactionException(
            "Could not open JDBC Connection for transaction", new ConnectException("Connection refused"));

    @Test
    void aTransactionThatCannotStartCarriesTheDatabasesFailureAsDetails() {
        SimpleCommandBus bus = busWhoseTransactionsCannotStart(UNREACHABLE);
        CompletableFuture<CommandResultMessage<?>> answer = new CompletableFuture<>();

        // the bus throws it to whoever handed it the command: Axon Server's connector, which sends it back as data
        Throwable failure = catchThrowable(() -> bus.dispatch(GenericCommandMessage.asCommandMessage("pay"),
                (command, result) -> answer.complete(result)));

        assertThat(answer).isNotDone();
        assertThat(failure).isInstanceOfSatisfying(CommandExecutionException.class,
                carried -> assertThat(carried.getDetails()).get().isInstanceOf(DatabaseWasUnavailable.class));
    }

    @Test
    void underAxonServerTheLocalBusAnswersAFailedStartAsDataThatCrossesTheServer() {
        SimpleCommandBus local = busWhoseTransactionsCannotStart(UNREACHABLE);
        CommandMessage<String> pay = GenericCommandMessage.asCommandMessage("pay");
        CompletableFuture<CommandResultMessage<?>> answer = new CompletableFuture<>();

        new HandlerFailures.LocalSegment(local).dispatch(pay, (command, result) -> answer.complete(result));

        CommandSerializer connector = new CommandSerializer(JacksonSerializer.defaultSerializer(),
                new AxonServerConfiguration());
        CommandResultMessage<?> received = connector.deserialize(connector.serialize(answer.join(),
                pay.getIdentifier()));
        assertThat(DatabaseUnavailable.causedBy(SenderFailures.translate(received.exceptionResult())))
                .as("the sender answers 503").isTrue();
    }

    @Test
    void theLocalBusUnderAxonServerThrowsAnyOtherFailureAsItCame() {
        RuntimeException broken = new IllegalStateException("no transaction manager today");
        SimpleCommandBus local = busWhoseTransactionsCannotStart(broken);

        assertThat(catchThrowable(() -> new HandlerFailures.LocalSegment(local).dispatch(
                GenericCommandMessage.asCommandMessage("pay"), (command, result) -> { }))).isSameAs(broken);
    }

    @Test
    void aCommitCutByTheDatabaseCarriesItsFailureAsDetails() {
        Transaction cut = transaction(UNREACHABLE);

        Throwable failure = catchThrowable(() -> new HandlerFailures.Transactions(() -> cut).startTransaction().commit());

        assertThat(failure).isInstanceOfSatisfying(CommandExecutionException.class,
                carried -> assertThat(carried.getDetails()).get().isInstanceOf(DatabaseWasUnavailable.class));
        assertThat(failure.getCause()).isSameAs(UNREACHABLE);
    }

    @Test
    void anyOtherFailurePassesAsItCame() {
        RuntimeException refused = new TransactionSystemException("commit refused: serialization failure");
        TransactionManager failing = () -> transaction(refused);

        assertThat(catchThrowable(() -> new HandlerFailures.Transactions(failing).startTransaction().commit()))
                .isSameAs(refused);
    }

    /** A local bus with a handler for any {@code String} command, whose transactions fail to start. */
    private static SimpleCommandBus busWhoseTransactionsCannotStart(RuntimeException failure) {
        SimpleCommandBus bus = SimpleCommandBus.builder()
                .transactionManager(new HandlerFailures.Transactions(() -> {
                    throw failure;
                }))
                .build();
        bus.subscribe(String.class.getName(), command -> "paid");
        return bus;
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
