package io.payouts.audit;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

class ChainLinksTest {

    private static final StoredEvent EVENT = new StoredEvent(7, "pay_1", 0, "Payout", "uuid-1",
            "io.payouts.shared.payout.PayoutQueuedEvent", "1", bytes("{\"a\":1}"), bytes("{\"mode\":\"sandbox\"}"),
            "2026-01-01T00:00:00Z");

    @Test
    void aLinkDependsOnThePreviousLinkAndEveryStoredColumn() {
        byte[] link = ChainLinks.link(null, EVENT);

        assertThat(link).hasSize(32).isEqualTo(ChainLinks.link(ChainLinks.GENESIS, EVENT));
        assertThat(ChainLinks.link(link, EVENT)).isNotEqualTo(link);
        assertThat(ChainLinks.link(null, new StoredEvent(8, "pay_1", 0, "Payout", "uuid-1", EVENT.payloadType(), "1",
                EVENT.payload(), EVENT.metaData(), EVENT.timeStamp()))).isNotEqualTo(link);
        assertThat(ChainLinks.link(null, new StoredEvent(7, "pay_1", 0, "Payout", "uuid-1", EVENT.payloadType(), "1",
                bytes("{\"a\":2}"), EVENT.metaData(), EVENT.timeStamp()))).isNotEqualTo(link);
        assertThat(ChainLinks.link(null, new StoredEvent(7, "pay_1", 0, "Payout", "uuid-1", EVENT.payloadType(), "1",
                EVENT.payload(), null, EVENT.timeStamp()))).isNotEqualTo(link);
        assertThat(ChainLinks.link(null, new StoredEvent(7, "pay_1", 0, "Payout", "uuid-1", EVENT.payloadType(), "1",
                EVENT.payload(), EVENT.metaData(), "2026-01-01T00:00:01Z"))).isNotEqualTo(link);
    }

    @Test
    void bytesMovedFromOneColumnToTheNextChangeTheLink() {
        StoredEvent shifted = new StoredEvent(7, "pay_1", 0, "Payout", "uuid-1", EVENT.payloadType(), "1",
                bytes("{\"a\":1}{\"mode\""), bytes(":\"sandbox\"}"), EVENT.timeStamp());

        assertThat(ChainLinks.link(null, shifted)).isNotEqualTo(ChainLinks.link(null, EVENT));
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
