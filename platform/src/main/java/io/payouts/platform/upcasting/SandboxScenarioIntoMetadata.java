package io.payouts.platform.upcasting;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.payouts.shared.MetadataKeys;
import io.payouts.shared.payout.PayoutReleasedEvent;
import io.payouts.shared.payout.PayoutRequestedEvent;
import io.payouts.shared.payout.PayoutRequestedInBatchEvent;
import org.axonframework.messaging.MetaData;
import org.axonframework.serialization.SimpleSerializedType;
import org.axonframework.serialization.upcasting.event.IntermediateEventRepresentation;
import org.axonframework.serialization.upcasting.event.SingleEventUpcaster;

import java.util.Set;

/**
 * Reads the payout events stored before the sandbox's forced failure moved into metadata (ADR-0015's amendment):
 * revision 1 of {@link PayoutRequestedEvent}, {@link PayoutRequestedInBatchEvent} and {@link PayoutReleasedEvent}
 * carried a {@code failOnRail} flag in the payload, revision 2 the {@link MetadataKeys#SANDBOX_SCENARIO} metadata.
 * A true flag becomes {@code sandboxScenario: payout_failed}, so an old payout replays to the state it had and the
 * simulated rail still fails its first attempt. A false one clears a {@code payout_failed} the metadata said: the
 * payload decided, as it did when stored.
 */
public final class SandboxScenarioIntoMetadata extends SingleEventUpcaster {

    static final String FROM = "1";
    static final String TO = "2";
    static final String FLAG = "failOnRail";
    private static final Set<String> TYPES = Set.of(PayoutRequestedEvent.class.getName(),
            PayoutRequestedInBatchEvent.class.getName(), PayoutReleasedEvent.class.getName());

    @Override
    protected boolean canUpcast(IntermediateEventRepresentation stored) {
        return TYPES.contains(stored.getType().getName()) && FROM.equals(stored.getType().getRevision());
    }

    @Override
    protected IntermediateEventRepresentation doUpcast(IntermediateEventRepresentation stored) {
        boolean failOnRail = stored.getData(JsonNode.class).getData().path(FLAG).asBoolean(false);
        return stored.upcast(new SimpleSerializedType(stored.getType().getName(), TO), JsonNode.class,
                payload -> {
                    ObjectNode upcast = payload.deepCopy();
                    upcast.remove(FLAG);
                    return upcast;
                },
                metaData -> scenarioOf(metaData, failOnRail));
    }

    private static MetaData scenarioOf(MetaData metaData, boolean failOnRail) {
        if (failOnRail) {
            return metaData.and(MetadataKeys.SANDBOX_SCENARIO, MetadataKeys.PAYOUT_FAILED_SCENARIO);
        }
        return MetadataKeys.failsOnRail(metaData.get(MetadataKeys.SANDBOX_SCENARIO))
                ? metaData.withoutKeys(Set.of(MetadataKeys.SANDBOX_SCENARIO)) : metaData;
    }
}
