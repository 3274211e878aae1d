package io.payouts.rail;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.payouts.command.payout.Payout;
import io.payouts.platform.upcasting.SandboxScenarioIntoMetadata;
import io.payouts.shared.MetadataKeys;
import io.payouts.shared.payout.CompletePayoutCommand;
import io.payouts.shared.payout.PayoutCompletedEvent;
import io.payouts.shared.payout.PayoutQueuedEvent;
import io.payouts.shared.payout.PayoutReleasedEvent;
import io.payouts.shared.payout.PayoutRequestedEvent;
import io.payouts.shared.payout.PayoutRequestedInBatchEvent;
import io.payouts.shared.payout.PayoutStatus;
import io.payouts.shared.payout.QueuePayoutCommand;
import io.payouts.shared.payout.Rail;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.GenericDomainEventEntry;
import org.axonframework.eventsourcing.EventStreamUtils;
import org.axonframework.serialization.Revision;
import org.axonframework.serialization.Serializer;
import org.axonframework.serialization.json.JacksonSerializer;
import org.axonframework.serialization.upcasting.event.EventUpcasterChain;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.hamcrest.Description;
import org.hamcrest.TypeSafeMatcher;
import org.junit.jupiter.api.Test;
import org.springframework.http.converter.json.Jackson2ObjectMapperBuilder;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Payout events stored before the sandbox's forced failure left their payload still read and replay as
 * they did: the rows below are what the service stored for a payout, a batch and their release under
 * {@code X-Sandbox-Scenario: payout_failed} and without it, byte for byte ({@code stored-events/}). Read through the
 * upcaster, with a mapper that refuses unknown properties, they are today's revision 2 with the scenario in their
 * metadata; the payout aggregate replays them into the state it had (a batch payout created to fail is released to
 * fail), and the simulated rail fails the first attempt of exactly the payouts it failed before.
 */
class StoredPayoutEventsTest {

    private static final String ROWS = "/stored-events/payout-events-revision-1.json";
    private static final Instant NOW = Instant.parse("2026-11-27T09:00:00Z");
    private static final SimulatedRailPlan PLAN = new SimulatedRailPlan(Duration.ofSeconds(10), Duration.ofSeconds(10));

    @Test
    void everyStoredRowIsRevisionOneWithTheFlagInItsPayload() throws IOException {
        List<JsonNode> rows = rows();

        assertThat(rows).extracting(row -> row.path("payloadType").asText()).contains(
                PayoutRequestedEvent.class.getName(), PayoutRequestedInBatchEvent.class.getName(),
                PayoutReleasedEvent.class.getName());
        assertThat(rows).allSatisfy(row -> {
            assertThat(row.path("payloadRevision").asText()).isEqualTo("1");
            assertThat(payload(row).has("failOnRail")).isTrue();
        });
        assertThat(rows).anySatisfy(row -> assertThat(payload(row).path("failOnRail").asBoolean()).isTrue());
        assertThat(rows).anySatisfy(row -> assertThat(payload(row).path("failOnRail").asBoolean()).isFalse());
        assertThat(PayoutRequestedEvent.class.getAnnotation(Revision.class).value()).isEqualTo("2");
    }

    @Test
    void theUpcasterMovesTheFlagIntoTheMetadataAndKeepsTheRest() throws IOException {
        for (JsonNode row : rows()) {
            DomainEventMessage<?> read = read(row);

            boolean failed = payload(row).path("failOnRail").asBoolean();
            assertThat(MetadataKeys.failsOnRail(read.getMetaData().get(MetadataKeys.SANDBOX_SCENARIO)))
                    .as("%s of %s", read.getPayloadType().getSimpleName(), row.path("aggregateIdentifier"))
                    .isEqualTo(failed);
            assertThat(read.getPayloadType().getName()).isEqualTo(row.path("payloadType").asText());
            assertThat(read.getIdentifier()).isEqualTo(row.path("eventIdentifier").asText());
            JsonNode stored = new ObjectMapper().readTree(row.path("metaData").asText());
            stored.fieldNames().forEachRemaining(key -> {
                if (!key.equals(MetadataKeys.SANDBOX_SCENARIO)) {
                    assertThat(String.valueOf(read.getMetaData().get(key))).as(key)
                            .isEqualTo(stored.path(key).asText());
                }
            });
        }
    }

    @Test
    void theSimulatedRailFailsTheFirstAttemptOfExactlyThePayoutsStoredToFail() throws IOException {
        for (JsonNode row : rows()) {
            DomainEventMessage<?> read = read(row);
            Object scenario = read.getMetaData().get(MetadataKeys.SANDBOX_SCENARIO);
            String asText = scenario == null ? null : scenario.toString();
            Object payload = read.getPayload();
            RailHandOff.Handed handed;
            if (payload instanceof PayoutRequestedEvent requested) {
                handed = RailHandOff.handed(requested, read.getSequenceNumber(), asText);
            } else if (payload instanceof PayoutRequestedInBatchEvent inBatch) {
                handed = RailHandOff.handed(inBatch, read.getSequenceNumber(), asText);
            } else {
                handed = RailHandOff.handed((PayoutReleasedEvent) payload, read.getSequenceNumber(), asText);
            }
            boolean failed = payload(row).path("failOnRail").asBoolean();

            assertThat(handed.payment().failOnRail()).isEqualTo(failed);
            assertThat(PLAN.recorded(handed.payment(), PayoutStatus.PROCESSING, NOW).orElseThrow().step())
                    .isEqualTo(failed ? RailStep.FAIL : RailStep.COMPLETE);
            assertThat(PLAN.recorded(handed.payment().withAttempt(read.getSequenceNumber() + 5),
                    PayoutStatus.PROCESSING, NOW).orElseThrow().step()).as("a retry goes through")
                    .isEqualTo(RailStep.COMPLETE);
        }
    }

    @Test
    void aBatchPayoutStoredToFailReplaysIntoAPayoutReleasedToFail() throws IOException {
        List<DomainEventMessage<?>> inBatch = new ArrayList<>();
        for (JsonNode row : rows()) {
            DomainEventMessage<?> read = read(row);
            if (read.getPayload() instanceof PayoutRequestedInBatchEvent) {
                inBatch.add(read);
            }
        }
        assertThat(inBatch).isNotEmpty();

        for (DomainEventMessage<?> created : inBatch) {
            boolean storedToFail = MetadataKeys.failsOnRail(created.getMetaData().get(MetadataKeys.SANDBOX_SCENARIO));
            new AggregateTestFixture<>(Payout.class)
                    .given(created)
                    .whenInvoking(created.getAggregateIdentifier(), payout -> payout.release(NOW, false))
                    .expectEventsMatching(releasedFailing(storedToFail));
        }
    }

    @Test
    void aStoredPayoutReplaysIntoTheStateItHad() throws IOException {
        for (JsonNode row : rows()) {
            DomainEventMessage<?> read = read(row);
            if (read.getPayload() instanceof PayoutRequestedEvent requested && requested.rail() == Rail.STANDARD) {
                new AggregateTestFixture<>(Payout.class)
                        .given(read)
                        .when(new QueuePayoutCommand(requested.payoutId(), NOW))
                        .expectEvents(new PayoutQueuedEvent(requested.payoutId(), requested.mode(), NOW));
            } else if (read.getPayload() instanceof PayoutRequestedEvent requested) {
                new AggregateTestFixture<>(Payout.class)
                        .given(read)
                        .when(new CompletePayoutCommand(requested.payoutId(), NOW))
                        .expectEvents(new PayoutCompletedEvent(requested.payoutId(), requested.mode(),
                                requested.driverId(), requested.amount(), requested.netAmount(), NOW));
            }
        }
    }

    private static TypeSafeMatcher<List<? super EventMessage<?>>> releasedFailing(boolean failing) {
        return new TypeSafeMatcher<>() {
            @Override
            protected boolean matchesSafely(List<? super EventMessage<?>> events) {
                return events.size() == 1 && events.get(0) instanceof EventMessage<?> released
                        && released.getPayload() instanceof PayoutReleasedEvent
                        && MetadataKeys.failsOnRail(released.getMetaData().get(MetadataKeys.SANDBOX_SCENARIO))
                        == failing;
            }

            @Override
            public void describeTo(Description description) {
                description.appendText("one PayoutReleasedEvent " + (failing ? "" : "not ") + "marked payout_failed");
            }
        };
    }

    /** Reads a stored row as the event store does: through the upcasters, then the event serializer. */
    private static DomainEventMessage<?> read(JsonNode row) {
        GenericDomainEventEntry<byte[]> entry = new GenericDomainEventEntry<>(row.path("type").asText(),
                row.path("aggregateIdentifier").asText(), row.path("sequenceNumber").asLong(),
                row.path("eventIdentifier").asText(), row.path("timeStamp").asText(),
                row.path("payloadType").asText(), row.path("payloadRevision").asText(),
                row.path("payload").asText().getBytes(StandardCharsets.UTF_8),
                row.path("metaData").asText().getBytes(StandardCharsets.UTF_8));
        return EventStreamUtils.upcastAndDeserializeDomainEvents(java.util.stream.Stream.of(entry), strictSerializer(),
                new EventUpcasterChain(new SandboxScenarioIntoMetadata())).next();
    }

    /** The service's event serializer over a mapper that, unlike the service's, refuses an unknown property. */
    private static Serializer strictSerializer() {
        ObjectMapper mapper = Jackson2ObjectMapperBuilder.json().build()
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        return JacksonSerializer.builder().objectMapper(mapper).build();
    }

    private static JsonNode payload(JsonNode row) {
        try {
            return new ObjectMapper().readTree(row.path("payload").asText());
        } catch (IOException unreadable) {
            throw new IllegalStateException(unreadable);
        }
    }

    private static List<JsonNode> rows() throws IOException {
        try (InputStream in = StoredPayoutEventsTest.class.getResourceAsStream(ROWS)) {
            assertThat(in).as(ROWS).isNotNull();
            JsonNode rows = new ObjectMapper().readTree(in);
            return StreamSupport.stream(rows.spliterator(), false).toList();
        }
    }
}
