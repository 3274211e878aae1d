package io.payouts.query.consistency;

import io.payouts.platform.stream.AxonServerEventStreamPositions;
import io.payouts.query.QuerySideDatabase;
import io.payouts.testsupport.DatabaseTest;
import io.payouts.testsupport.ReadModelDatabase;
import io.payouts.shared.Mode;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutQueuedEvent;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.axonframework.eventsourcing.eventstore.inmemory.InMemoryEventStorageEngine;
import org.axonframework.serialization.json.JacksonSerializer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.support.StaticListableBeanFactory;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The newest stored sequence number of aggregates' streams, read from the event table (ADR-0018), or with the events
 * in Axon Server from the server (ADR-0029).
 */
@DatabaseTest
class StreamHeadsTest {

    private static final ReadModelDatabase DATABASE = QuerySideDatabase.migrated();
    private static final String FIRST = String.format("pay_%032x", 1);
    private static final String SECOND = String.format("pay_%032x", 2);
    private static final String UNSTORED = String.format("pay_%032x", 3);

    private final StreamHeads heads = ConsistencyFixtures.streamHeads(DATABASE.jdbc());

    @BeforeEach
    void startFromNothing() {
        DATABASE.empty();
    }

    @Test
    void anAggregateWithoutStoredEventsHasNoHead() {
        assertThat(heads.headsOf(List.of(UNSTORED))).isEmpty();
    }

    @Test
    void theHeadIsTheNewestSequenceNumberOfTheAggregatesOwnStream() {
        storeEvents(FIRST, 3);
        storeEvents(SECOND, 5);

        assertThat(heads.headsOf(List.of(FIRST))).containsExactly(Map.entry(FIRST, 2L));
    }

    @Test
    void readsTheHeadsOfSeveralAggregatesAndLeavesOutThoseWithoutEvents() {
        storeEvents(FIRST, 3);
        storeEvents(SECOND, 1);

        assertThat(heads.headsOf(List.of(FIRST, SECOND, UNSTORED)))
                .containsExactlyInAnyOrderEntriesOf(Map.of(FIRST, 2L, SECOND, 0L));
    }

    @Test
    void noAggregatesHaveNoHeads() {
        storeEvents(FIRST, 1);

        assertThat(heads.headsOf(List.of())).isEmpty();
    }

    @Test
    void aRowIsCurrentWhenItHasAppliedTheHeadReadWithIt() {
        assertThat(heads.current(FIRST, 2, 2)).isTrue();
        assertThat(heads.current(FIRST, 1, 2)).isFalse();
    }

    @Test
    void withTheEventsInAxonServerARowIsCurrentAgainstTheServersHeadOfItsStream() {
        EmbeddedEventStore server = EmbeddedEventStore.builder()
                .storageEngine(new InMemoryEventStorageEngine()).build();
        server.publish(new GenericDomainEventMessage<>("Payout", FIRST, 0, "queued"),
                new GenericDomainEventMessage<>("Payout", FIRST, 1, "processing"));
        StreamHeads withAxonServer = new StreamHeads(new AxonServerEventStreamPositions(server, DATABASE.jdbc(),
                JacksonSerializer.defaultSerializer(),
                new StaticListableBeanFactory().getBeanProvider(EventProcessingConfiguration.class)));

        // PostgreSQL's event table is empty there: the head read with the row says 0, or nothing
        assertThat(withAxonServer.current(FIRST, 0, 0)).as("behind the server's head 1").isFalse();
        assertThat(withAxonServer.current(FIRST, 1, 0)).isTrue();
        assertThat(withAxonServer.current(SECOND, 0, 0)).as("a stream the server does not have").isTrue();
    }

    private static void storeEvents(String payoutId, int count) {
        for (int sequence = 0; sequence < count; sequence++) {
            DATABASE.store(payoutId, sequence, new PayoutQueuedEvent(new PayoutId(payoutId), Mode.SANDBOX,
                    Instant.parse("2025-01-15T09:00:00Z")));
        }
    }
}
