package io.payouts.command;

import io.payouts.command.batch.Batch;
import io.payouts.command.payout.Payout;
import io.payouts.command.wallet.Wallet;
import io.payouts.shared.Mode;
import io.payouts.shared.wallet.RequestTopUpCommand;
import io.payouts.shared.wallet.SettleTopUpCommand;
import io.payouts.shared.wallet.TopUpMethod;
import io.payouts.shared.wallet.TransactionId;
import io.payouts.shared.wallet.WalletId;
import org.axonframework.commandhandling.AnnotationCommandHandlerAdapter;
import org.axonframework.commandhandling.SimpleCommandBus;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.commandhandling.gateway.DefaultCommandGateway;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventsourcing.EventSourcingRepository;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.axonframework.eventsourcing.eventstore.inmemory.InMemoryEventStorageEngine;
import org.axonframework.modelling.command.AggregateAnnotationCommandHandler;

import java.time.Instant;
import java.util.List;

/**
 * Axon's in-memory infrastructure for the tests whose commands span aggregates (admission, settlement, rail moves,
 * batch release), which one {@code AggregateTestFixture} cannot hold: one event store over an
 * {@link InMemoryEventStorageEngine}, event-sourced repositories for Wallet, Payout and Batch, the drivers' standings
 * the paying handlers read ({@link InMemoryDriverStandings}), and a
 * {@link SimpleCommandBus} with the three aggregates subscribed. The test subscribes the handlers it exercises.
 */
public final class InMemoryCommandSide {

    public final EmbeddedEventStore eventStore = EmbeddedEventStore.builder()
            .storageEngine(new InMemoryEventStorageEngine()).build();
    public final EventSourcingRepository<Wallet> wallets = repository(Wallet.class);
    public final EventSourcingRepository<Payout> payouts = repository(Payout.class);
    public final EventSourcingRepository<Batch> batches = repository(Batch.class);
    public final InMemoryDriverStandings drivers = new InMemoryDriverStandings();
    private int topUps;
    private final SimpleCommandBus commandBus = SimpleCommandBus.builder().build();
    public final CommandGateway commands = DefaultCommandGateway.builder().commandBus(commandBus).build();

    public InMemoryCommandSide() {
        subscribe(Wallet.class, wallets);
        subscribe(Payout.class, payouts);
        subscribe(Batch.class, batches);
    }

    /** Subscribes a command handler component (one that loads aggregates through the repositories). */
    public InMemoryCommandSide with(Object handler) {
        new AnnotationCommandHandlerAdapter<>(handler).subscribe(commandBus);
        return this;
    }

    /** Requests and settles a top-up of {@code amount} in the mode's wallet. */
    public void fund(Mode mode, long amount, Instant at) {
        WalletId walletId = WalletId.of(mode);
        TransactionId transactionId = new TransactionId(String.format("txn_%032x", ++topUps));
        commands.sendAndWait(new RequestTopUpCommand(walletId, mode, transactionId, amount, "float", TopUpMethod.ACH,
                at));
        commands.sendAndWait(new SettleTopUpCommand(walletId, transactionId, "automatic", at));
    }

    /** The payloads of an aggregate's stored events, in order. */
    public List<Object> events(String aggregateId) {
        return eventStore.readEvents(aggregateId).asStream()
                .map(DomainEventMessage::getPayload).map(Object.class::cast).toList();
    }

    public void shutDown() {
        eventStore.shutDown();
    }

    private <A> EventSourcingRepository<A> repository(Class<A> type) {
        return EventSourcingRepository.builder(type).eventStore(eventStore).build();
    }

    private <A> void subscribe(Class<A> type, EventSourcingRepository<A> repository) {
        AggregateAnnotationCommandHandler.<A>builder().aggregateType(type).repository(repository).build()
                .subscribe(commandBus);
    }
}
