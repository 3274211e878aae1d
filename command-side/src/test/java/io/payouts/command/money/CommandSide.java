package io.payouts.command.money;

import io.payouts.command.InMemoryDriverStandings;
import io.payouts.command.batch.Batch;
import io.payouts.command.batch.BatchHandlersAccess;
import io.payouts.command.caching.BoundedAggregateCache;
import io.payouts.command.driver.Driver;
import io.payouts.command.driver.DriverHandlersAccess;
import io.payouts.command.payout.Payout;
import io.payouts.command.payout.PayoutHandlersAccess;
import io.payouts.command.wallet.Wallet;
import io.payouts.platform.commands.Commands;
import io.payouts.platform.commands.Origin;
import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;
import io.payouts.shared.Mode;
import io.payouts.shared.wallet.WalletId;
import org.axonframework.commandhandling.AnnotationCommandHandlerAdapter;
import org.axonframework.commandhandling.SimpleCommandBus;
import org.axonframework.commandhandling.gateway.DefaultCommandGateway;
import org.axonframework.common.caching.Cache;
import org.axonframework.common.caching.WeakReferenceCache;
import org.axonframework.eventhandling.AnnotationEventHandlerAdapter;
import org.axonframework.eventhandling.SimpleEventHandlerInvoker;
import org.axonframework.eventhandling.SubscribingEventProcessor;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.eventsourcing.EventSourcingRepository;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.axonframework.eventsourcing.eventstore.inmemory.InMemoryEventStorageEngine;
import org.axonframework.messaging.unitofwork.DefaultUnitOfWork;
import org.axonframework.modelling.command.AggregateAnnotationCommandHandler;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.springframework.jdbc.core.JdbcTemplate;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The command side with the real aggregates (Driver, Wallet, Payout, Batch), cached as the service caches them (the
 * payouts' and batches' caches small, so that some loads hit and some miss), and the handlers that join them
 * (registration and the drivers' standings, admission, settlement, the rail's moves, batch creation and release,
 * and the batch outcomes processor) on Axon's in-memory infrastructure, one command bus and one event store. The
 * standings follow the drivers' events in the command's own unit of work, as their subscribing processor does; the
 * batch outcomes processor, a tracking processor in the service, is fed here by hand, up to a mark, a processor batch
 * at a time, so its outcomes can arrive late. Its membership table is in PostgreSQL, as in the service.
 */
final class CommandSide {

    private final InMemoryEventStorageEngine storage = new InMemoryEventStorageEngine();
    final EmbeddedEventStore eventStore = EmbeddedEventStore.builder().storageEngine(storage).build();
    private final EventSourcingRepository<Wallet> wallets = repository(Wallet.class, new WeakReferenceCache());
    private final EventSourcingRepository<Payout> payouts = repository(Payout.class, new BoundedAggregateCache(4));
    private final EventSourcingRepository<Batch> batches = repository(Batch.class, new BoundedAggregateCache(2));
    private final EventSourcingRepository<Driver> drivers = repository(Driver.class, null);
    final InMemoryDriverStandings standings = new InMemoryDriverStandings();
    private final SimpleCommandBus commandBus = SimpleCommandBus.builder().build();
    final Commands commands = new Commands(DefaultCommandGateway.builder().commandBus(commandBus).build());
    private final AnnotationEventHandlerAdapter batchOutcomes;
    private final SubscribingEventProcessor driverStanding;
    private TrackingToken outcomesPosition;

    CommandSide(JdbcTemplate jdbc) {
        subscribe(Wallet.class, wallets);
        subscribe(Payout.class, payouts);
        subscribe(Batch.class, batches);
        subscribe(Driver.class, drivers);
        Map<String, Object> claims = new ConcurrentHashMap<>();
        with(DriverHandlersAccess.registration(drivers,
                (mode, svcDriverId, driverId) -> claims.putIfAbsent(mode + "/" + svcDriverId, driverId) == null));
        with(PayoutHandlersAccess.admission(wallets, payouts, standings));
        with(PayoutHandlersAccess.settlement(wallets, payouts));
        with(PayoutHandlersAccess.railMoves(payouts));
        with(BatchHandlersAccess.creation(batches, payouts, wallets, standings));
        with(BatchHandlersAccess.release(batches, payouts, wallets, standings));
        driverStanding = SubscribingEventProcessor.builder().name("driver-standing")
                .eventHandlerInvoker(SimpleEventHandlerInvoker.builder()
                        .eventHandlers(DriverHandlersAccess.standingRecorder(standings)).build())
                .messageSource(eventStore).build();
        driverStanding.start();
        batchOutcomes = new AnnotationEventHandlerAdapter(BatchHandlersAccess.outcomes(jdbc, commands));
    }

    /** Sends a command as its sender would; a refusal comes back as its code, an answer as the answer. */
    <R> Answer<R> send(Object command) {
        try {
            return new Answer<>(commands.send(command, Origin.NONE), null);
        } catch (DomainException refused) {
            return new Answer<>(null, refused.code());
        } catch (AggregateNotFoundException unknown) {
            return new Answer<>(null, ErrorCode.NOT_FOUND);
        }
    }

    record Answer<R>(R result, ErrorCode refusal) {
    }

    /** Where the event store's head is now: a mark for the batch outcomes processor to stop at. */
    TrackingToken head() {
        return storage.createHeadToken();
    }

    /** The batch outcomes processor handles the events up to {@code mark}, {@code batchSize} per unit of work. */
    void deliverOutcomesUpTo(TrackingToken mark, int batchSize) {
        if (mark == null) {
            return;
        }
        List<TrackedEventMessage<?>> due = new ArrayList<>();
        storage.readEvents(outcomesPosition, false)
                .takeWhile(event -> mark.covers(event.trackingToken()))
                .forEach(due::add);
        for (int from = 0; from < due.size(); from += batchSize) {
            List<TrackedEventMessage<?>> batch = due.subList(from, Math.min(due.size(), from + batchSize));
            DefaultUnitOfWork.startAndGet(batch.get(0)).execute(() -> batch.forEach(event -> {
                try {
                    if (batchOutcomes.canHandle(event)) {
                        batchOutcomes.handle(event);
                    }
                } catch (Exception failure) {
                    throw new IllegalStateException("batch outcomes failed on " + event.getPayload(), failure);
                }
            }));
            outcomesPosition = batch.get(batch.size() - 1).trackingToken();
        }
    }

    /** Every stored event, in order. */
    StoredMoney stored() {
        return StoredMoney.fold(storage.readEvents(null, false));
    }

    /** The wallet's own available funds, as the aggregate decides with them (0 for a wallet never opened). */
    long walletAvailable(Mode mode) {
        if (eventStore.lastSequenceNumberFor(WalletId.of(mode).value()).isEmpty()) {
            return 0;
        }
        return inUnitOfWork(() -> {
            try {
                return wallets.load(WalletId.of(mode).value()).invoke(wallet -> (Long) field(wallet, "available"));
            } catch (AggregateNotFoundException neverOpened) {
                return 0L;
            }
        });
    }

    private static <T> T inUnitOfWork(Supplier<T> read) {
        DefaultUnitOfWork<?> unitOfWork = DefaultUnitOfWork.startAndGet(null);
        try {
            return read.get();
        } finally {
            unitOfWork.rollback();
        }
    }

    private static Object field(Object target, String name) {
        try {
            Field field = target.getClass().getDeclaredField(name);
            field.setAccessible(true);
            return field.get(target);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("the model-based test reads " + target.getClass().getSimpleName() + "."
                    + name + "; it moved", e);
        }
    }

    void shutDown() {
        driverStanding.shutDown();
        eventStore.shutDown();
    }

    private void with(Object handler) {
        new AnnotationCommandHandlerAdapter<>(handler).subscribe(commandBus);
    }

    private <A> EventSourcingRepository<A> repository(Class<A> type, Cache cache) {
        EventSourcingRepository.Builder<A> builder = EventSourcingRepository.builder(type).eventStore(eventStore);
        return cache == null ? builder.build() : builder.cache(cache).build();
    }

    private <A> void subscribe(Class<A> type, EventSourcingRepository<A> repository) {
        AggregateAnnotationCommandHandler.<A>builder().aggregateType(type).repository(repository).build()
                .subscribe(commandBus);
    }
}
