package io.payouts.platform.failures;

import io.payouts.platform.commands.Commands;
import io.payouts.platform.commands.CommandsConfiguration;
import io.payouts.platform.commands.Origin;
import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;
import io.payouts.shared.Refusal;
import io.payouts.shared.wallet.InsufficientFundsException;
import org.axonframework.commandhandling.CommandExecutionException;
import org.axonframework.commandhandling.CommandMessage;
import org.axonframework.commandhandling.CommandResultMessage;
import org.axonframework.commandhandling.SimpleCommandBus;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.axonframework.serialization.SerializedObject;
import org.axonframework.serialization.Serializer;
import org.axonframework.serialization.json.JacksonSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.transaction.CannotCreateTransactionException;

import java.net.ConnectException;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * A command handler's refusal reaches the sender as data, on the local bus exactly as it would from
 * another instance through Axon Server, whose connector sends a {@link CommandExecutionException}'s details with the
 * configured serializer and drops the exception itself.
 */
class RefusalsAsDetailsTest {

    private static final String COMMAND = "pay";

    private final ScheduledExecutorService retries = Executors.newSingleThreadScheduledExecutor();
    private final SimpleCommandBus bus = SimpleCommandBus.builder().build();
    private final Commands commands;

    RefusalsAsDetailsTest() {
        bus.registerHandlerInterceptor(new HandlerFailures.Refusals());
        commands = new Commands(CommandsConfiguration.gatewayWaitingForHandlers(bus, retries));
    }

    @AfterEach
    void stopRetries() {
        retries.shutdownNow();
    }

    @Test
    void aRefusalArrivesWithItsCodeMessageAndDetailsButNotItsClass() {
        bus.subscribe(COMMAND, command -> {
            throw new InsufficientFundsException(5_000, 1_200);
        });

        DomainException refused = catchThrowableOfType(() -> commands.send(command(), Origin.NONE), DomainException.class);

        InsufficientFundsException original = new InsufficientFundsException(5_000, 1_200);
        assertThat(refused).isNotInstanceOf(InsufficientFundsException.class);
        assertThat(refused.code()).isEqualTo(ErrorCode.INSUFFICIENT_FUNDS);
        assertThat(refused.getMessage()).isEqualTo(original.getMessage());
        assertThat(refused.details()).isEqualTo(original.details());
    }

    @Test
    void anUnknownAggregateIsNotFoundAsTheEdgeHasAlwaysSaidIt() {
        bus.subscribe(COMMAND, command -> {
            throw new AggregateNotFoundException("payout_1", "The aggregate was not found in the event store");
        });

        DomainException refused = catchThrowableOfType(() -> commands.send(command(), Origin.NONE), DomainException.class);

        assertThat(refused.code()).isEqualTo(ErrorCode.NOT_FOUND);
        assertThat(refused.getMessage()).isEqualTo("resource not found");
    }

    @Test
    void aRefusalSurvivesTheSerializerThatCarriesItBetweenInstances() {
        Serializer serializer = JacksonSerializer.defaultSerializer();
        Refusal refusal = Refusal.of(new InsufficientFundsException(5_000, 1_200));

        SerializedObject<byte[]> sent = serializer.serialize(refusal, byte[].class);
        Object received = serializer.deserialize(sent);
        RuntimeException thrown = SenderFailures.translate(
                new CommandExecutionException("insufficient funds", null, received));

        assertThat(received).isEqualTo(refusal);
        assertThat(thrown).isInstanceOfSatisfying(DomainException.class, refused -> {
            assertThat(refused.code()).isEqualTo(ErrorCode.INSUFFICIENT_FUNDS);
            assertThat(refused.details()).isEqualTo(refusal.details());
        });
    }

    @Test
    void aDatabaseOutOfReachInAHandlerLeavesItAsDataThatSaysSo() {
        bus.subscribe(COMMAND, command -> {
            throw new CannotCreateTransactionException("Could not open JPA EntityManager for transaction",
                    new ConnectException("Connection refused"));
        });
        CompletableFuture<CommandResultMessage<?>> answer = new CompletableFuture<>();

        bus.dispatch(command(), (command, result) -> answer.complete(result));

        assertThat(answer.join().exceptionResult()).isInstanceOfSatisfying(CommandExecutionException.class,
                failure -> assertThat(failure.getDetails()).get().isInstanceOf(DatabaseWasUnavailable.class));
    }

    @Test
    void aDatabaseOutOfReachInAHandlerReachesTheSenderAsTheDatabasesFailure() {
        bus.subscribe(COMMAND, command -> {
            throw new CannotCreateTransactionException("x", new ConnectException());
        });

        RuntimeException failure = catchThrowableOfType(() -> commands.send(command(), Origin.NONE), RuntimeException.class);

        assertThat(failure).isInstanceOf(DataAccessResourceFailureException.class);
        assertThat(DatabaseUnavailable.causedBy(failure)).isTrue();
    }

    @Test
    void aDatabaseOutOfReachSurvivesTheSerializerAndTheLossOfItsCauses() {
        Serializer serializer = JacksonSerializer.defaultSerializer();
        DatabaseWasUnavailable detail = new DatabaseWasUnavailable("CannotCreateTransactionException: x");

        Object received = serializer.deserialize(serializer.serialize(detail, byte[].class));
        RuntimeException thrown = SenderFailures.translate(
                new CommandExecutionException("Could not open JPA EntityManager for transaction", null, received));

        assertThat(received).isEqualTo(detail);
        assertThat(DatabaseUnavailable.causedBy(thrown)).as("the sender answers 503, not 500").isTrue();
    }

    @Test
    void aFailureThatIsNotARefusalArrivesAsItCame() {
        IllegalStateException broken = new IllegalStateException("database gone");
        bus.subscribe(COMMAND, command -> {
            throw broken;
        });

        assertThat(catchThrowableOfType(() -> commands.send(command(), Origin.NONE), IllegalStateException.class))
                .isSameAs(broken);
    }

    @Test
    void aCommandWaitsForItsHandlerToRegisterButARefusalIsNeverSentTwice() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        retries.schedule(() -> bus.subscribe(COMMAND, command -> {
            calls.incrementAndGet();
            throw new InsufficientFundsException(1, 0);
        }), 300, TimeUnit.MILLISECONDS);

        DomainException refused = catchThrowableOfType(() -> commands.send(command(), Origin.NONE), DomainException.class);

        assertThat(refused.code()).isEqualTo(ErrorCode.INSUFFICIENT_FUNDS);
        assertThat(calls).hasValue(1);
    }

    @Test
    void anAsynchronousSendFailsWithTheRefusal() {
        bus.subscribe(COMMAND, command -> {
            throw new InsufficientFundsException(5_000, 0);
        });

        Throwable failure = commands.sendAsync(command(), Origin.NONE).handle((result, error) -> error).join();

        assertThat(failure).isInstanceOfSatisfying(DomainException.class,
                refused -> assertThat(refused.code()).isEqualTo(ErrorCode.INSUFFICIENT_FUNDS));
    }

    private static CommandMessage<Object> command() {
        return new org.axonframework.commandhandling.GenericCommandMessage<>(
                new org.axonframework.messaging.GenericMessage<>(Map.of("amount", 5_000)), COMMAND);
    }
}
