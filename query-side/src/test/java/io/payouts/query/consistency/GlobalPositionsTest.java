package io.payouts.query.consistency;

import io.payouts.platform.stream.AxonServerEventStreamPositions;
import io.payouts.platform.stream.EventStreamPositions;
import io.payouts.query.QuerySideDatabase;
import io.payouts.testsupport.DatabaseTest;
import io.payouts.testsupport.ReadModelDatabase;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.GapAwareTrackingToken;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventhandling.GenericTrackedDomainEventMessage;
import org.axonframework.eventhandling.GlobalSequenceTrackingToken;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.axonframework.eventsourcing.eventstore.inmemory.InMemoryEventStorageEngine;
import org.axonframework.serialization.json.JacksonSerializer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.support.StaticListableBeanFactory;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each event's own place in the stream: with the events in PostgreSQL, its row's index, whatever its token says (an
 * event committed late carries the highest position met); with the events in Axon Server, its token's.
 */
@DatabaseTest
class GlobalPositionsTest {

    private static final ReadModelDatabase DATABASE = QuerySideDatabase.migrated();
    private static final String PAYOUT = String.format("pay_%032x", 1);

    private final EventStreamPositions postgres = ConsistencyFixtures.eventStreamPositions(DATABASE.jdbc());
    private final EventStreamPositions axonServer = new AxonServerEventStreamPositions(
            EmbeddedEventStore.builder().storageEngine(new InMemoryEventStorageEngine()).build(), DATABASE.jdbc(),
            JacksonSerializer.defaultSerializer(),
            new StaticListableBeanFactory().getBeanProvider(EventProcessingConfiguration.class));

    @BeforeEach
    void startFromNothing() {
        DATABASE.empty();
    }

    @Test
    void anEventCommittedLateIsAtItsOwnRowsIndexNotItsTokens() {
        GenericDomainEventMessage<?> late = store(0);
        GenericDomainEventMessage<?> early = store(1);
        long lateIndex = index(late);
        long earlyIndex = index(early);
        TrackedEventMessage<?> metLast = new GenericTrackedDomainEventMessage<>(
                GapAwareTrackingToken.newInstance(earlyIndex, Set.of()), late);

        assertThat(postgres.globalPositions(List.of(metLast, early)))
                .containsExactlyInAnyOrderEntriesOf(Map.of(late.getIdentifier(), lateIndex,
                        early.getIdentifier(), earlyIndex));
        assertThat(axonServer.globalPositions(List.of(metLast)))
                .as("on PostgreSQL, the Axon Server path reads the table too")
                .containsExactly(Map.entry(late.getIdentifier(), lateIndex));
    }

    @Test
    void anEventTheTableDoesNotHoldIsAtItsTokensPositionWithAxonServerAndUnknownOtherwise() {
        TrackedEventMessage<?> inAxonServer = new GenericTrackedDomainEventMessage<>(
                new GlobalSequenceTrackingToken(42), new GenericDomainEventMessage<>("Payout", PAYOUT, 0, "queued"));

        assertThat(axonServer.globalPositions(List.of(inAxonServer)))
                .containsExactly(Map.entry(inAxonServer.getIdentifier(), 42L));
        assertThat(postgres.globalPositions(List.of(inAxonServer))).isEmpty();
    }

    @Test
    void noEventsHaveNoPositions() {
        assertThat(postgres.globalPositions(List.of())).isEmpty();
        assertThat(axonServer.globalPositions(List.of())).isEmpty();
    }

    private static GenericDomainEventMessage<?> store(long sequence) {
        GenericDomainEventMessage<?> event = new GenericDomainEventMessage<>("Payout", PAYOUT, sequence, "queued");
        DATABASE.eventStore().publish(event);
        return event;
    }

    private static long index(GenericDomainEventMessage<?> event) {
        return DATABASE.jdbc().queryForObject("select global_index from domain_event_entry where event_identifier = ?",
                Long.class, event.getIdentifier());
    }
}
