package io.payouts.platform.upcasting;

import io.payouts.shared.MetadataKeys;
import io.payouts.shared.payout.PayoutReleasedEvent;
import org.axonframework.eventhandling.GenericDomainEventEntry;
import org.axonframework.messaging.MetaData;
import org.axonframework.serialization.SimpleSerializedType;
import org.axonframework.serialization.json.JacksonSerializer;
import org.axonframework.serialization.upcasting.event.InitialEventRepresentation;
import org.axonframework.serialization.upcasting.event.IntermediateEventRepresentation;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** Revision 1 of the three payout events: the forced failure moves from the payload into the metadata. */
class SandboxScenarioIntoMetadataTest {

    private static final JacksonSerializer SERIALIZER = JacksonSerializer.defaultSerializer();
    private final SandboxScenarioIntoMetadata upcaster = new SandboxScenarioIntoMetadata();

    @Test
    void aTrueFlagBecomesTheScenarioInTheMetadata() {
        IntermediateEventRepresentation upcast = upcast("1", true, "{\"caller\":\"key_1\"}");

        assertThat(upcast.getType()).isEqualTo(new SimpleSerializedType(PayoutReleasedEvent.class.getName(), "2"));
        assertThat(new String(upcast.getData(byte[].class).getData(), StandardCharsets.UTF_8))
                .doesNotContain("failOnRail").contains("\"netAmount\":100");
        assertThat(upcast.getMetaData().getObject()).containsEntry(MetadataKeys.SANDBOX_SCENARIO,
                MetadataKeys.PAYOUT_FAILED_SCENARIO).containsEntry("caller", "key_1");
    }

    @Test
    void aFalseFlagKeepsTheMetadataItHadButNeverTheFailure() {
        assertThat(upcast("1", false, "{\"sandboxScenario\":\"kyc_pending\"}").getMetaData().getObject())
                .isEqualTo(MetaData.with(MetadataKeys.SANDBOX_SCENARIO, "kyc_pending"));
        assertThat(upcast("1", false, "{\"sandboxScenario\":\"payout_failed\"}").getMetaData().getObject())
                .doesNotContainKey(MetadataKeys.SANDBOX_SCENARIO);
    }

    @Test
    void revisionTwoIsLeftAlone() {
        IntermediateEventRepresentation upcast = upcast("2", false, "{}");

        assertThat(upcast.getType().getRevision()).isEqualTo("2");
    }

    private IntermediateEventRepresentation upcast(String revision, boolean failOnRail, String metaData) {
        String payload = "{\"payoutId\":{\"value\":\"pay_%s\"},\"mode\":\"SANDBOX\",\"netAmount\":100%s}"
                .formatted("0".repeat(32), revision.equals("1") ? ",\"failOnRail\":" + failOnRail : "");
        GenericDomainEventEntry<byte[]> stored = new GenericDomainEventEntry<>("Payout", "pay_" + "0".repeat(32), 3,
                "event-1", "2026-11-26T00:00:00Z", PayoutReleasedEvent.class.getName(), revision,
                payload.getBytes(StandardCharsets.UTF_8), metaData.getBytes(StandardCharsets.UTF_8));
        List<IntermediateEventRepresentation> upcast = upcaster.upcast(
                Stream.of(new InitialEventRepresentation(stored, SERIALIZER))).toList();
        assertThat(upcast).hasSize(1);
        return upcast.get(0);
    }
}
