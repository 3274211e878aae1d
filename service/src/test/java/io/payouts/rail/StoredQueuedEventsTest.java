package io.payouts.rail;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.payouts.shared.Mode;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutQueuedEvent;
import org.axonframework.serialization.SerializedObject;
import org.axonframework.serialization.SimpleSerializedObject;
import org.axonframework.serialization.json.JacksonSerializer;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

/** A queued event stored before rails named themselves still reads, with neither the rail nor its reference. */
class StoredQueuedEventsTest {

    private static final PayoutId PAYOUT = new PayoutId("pay_" + "0".repeat(31) + "9");
    private static final Instant AT = Instant.parse("2026-11-20T10:00:00Z");

    private final ObjectMapper json = new ObjectMapper().findAndRegisterModules();
    private final JacksonSerializer serializer = JacksonSerializer.builder().objectMapper(json).build();

    @Test
    void readsAQueuedEventStoredWithoutTheRailsFields() throws Exception {
        ObjectNode stored = (ObjectNode) json.readTree(serializer.serialize(new PayoutQueuedEvent(PAYOUT,
                Mode.PRODUCTION, AT, "iso20022", "PO20261120-1"), byte[].class).getData());
        stored.remove("railAdapter");
        stored.remove("railReference");
        SerializedObject<byte[]> old = new SimpleSerializedObject<>(json.writeValueAsBytes(stored), byte[].class,
                PayoutQueuedEvent.class.getName(), "1");

        PayoutQueuedEvent read = serializer.deserialize(old);

        assertThat(read).isEqualTo(new PayoutQueuedEvent(PAYOUT, Mode.PRODUCTION, AT));
    }

    @Test
    void keepsTheRailAndItsReference() {
        PayoutQueuedEvent event = new PayoutQueuedEvent(PAYOUT, Mode.PRODUCTION, AT, "iso20022", "PO20261120-1");

        PayoutQueuedEvent read = serializer.deserialize(serializer.serialize(event, byte[].class));

        assertThat(read).isEqualTo(event);
    }
}
