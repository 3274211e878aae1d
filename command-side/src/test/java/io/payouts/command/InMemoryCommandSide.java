package io.payouts.command;

import io.payouts.command.batch.Batch;
import io.payouts.command.payout.Payout;
import io.payouts.command.wallet.Wallet;
import org.axonframework.commandhandling.AnnotationCommandHandlerAdapter;
import org.axonframework.commandhandling.SimpleCommandBus;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.commandhandling.gateway.DefaultCommandGateway;
import org.axonframework.eventsourcing.EventSourcingRepository;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.axonframework.eventsourcing.eventstore.inmemory.InMemoryEventStorageEngine;
import org.axonframework.modelling.command.AggregateAnnotationCommandHandler;

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
