package io.payouts.audit;

import io.payouts.testsupport.DatabaseTest;
import io.payouts.testsupport.ReadModelDatabase;
import io.payouts.shared.Mode;
import io.payouts.shared.eventhandling.BatchedEventHandler.Collected;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutQueuedEvent;
import org.axonframework.eventhandling.DomainEventMessage;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The audit log chains a processor batch of events at once, each chain in the batch's order (ADR-0024, ADR-0025). */
@DatabaseTest
class AuditLogWriterTest {

    private static final ReadModelDatabase DATABASE = ReadModelDatabase.migrated("audit");
    private static final Instant AT = Instant.parse("2025-01-15T09:00:00Z");

    private final AuditLogWriter writer = new AuditLogWriter(DATABASE.jdbc(), new StoredEventTable(false),
            org.axonframework.serialization.json.JacksonSerializer.defaultSerializer());

    @BeforeEach
    void startFromNothing() {
        DATABASE.empty();
        DATABASE.jdbc().execute("truncate table audit_event cascade");
    }

    @Test
    void aBatchOfBothModesChainsEachModeInOrderAndARedeliveryAddsNothing() {
        DATABASE.store(payout(1).value(), 0, new PayoutQueuedEvent(payout(1), Mode.PRODUCTION, AT));
        DATABASE.store(payout(2).value(), 0, new PayoutQueuedEvent(payout(2), Mode.SANDBOX, AT));
        DATABASE.store(payout(3).value(), 0, new PayoutQueuedEvent(payout(3), Mode.PRODUCTION, AT));
        List<Collected> batch = collected(payout(1), payout(2), payout(3));

        writer.apply(batch);
        writer.apply(batch);

        List<Map<String, Object>> links = DATABASE.jdbc().queryForList(
                "select chain, link_no, aggregate_identifier, previous_hash, hash from audit_event order by position");
        assertThat(links).extracting(link -> link.get("chain") + "/" + link.get("link_no") + "/"
                        + link.get("aggregate_identifier"))
                .containsExactly("production/1/" + payout(1).value(), "sandbox/1/" + payout(2).value(),
                        "production/2/" + payout(3).value());
        assertThat(links.get(0).get("previous_hash")).isNull();
        assertThat((byte[]) links.get(2).get("previous_hash")).isEqualTo((byte[]) links.get(0).get("hash"));
    }

    @Test
    void aLaterBatchContinuesEachChainFromItsLastLink() {
        DATABASE.store(payout(1).value(), 0, new PayoutQueuedEvent(payout(1), Mode.PRODUCTION, AT));
        DATABASE.store(payout(2).value(), 0, new PayoutQueuedEvent(payout(2), Mode.PRODUCTION, AT));
        writer.apply(collected(payout(1)));

        writer.apply(collected(payout(2)));

        List<Map<String, Object>> links = DATABASE.jdbc().queryForList(
                "select link_no, previous_hash, hash from audit_event order by link_no");
        assertThat(links).extracting(link -> link.get("link_no")).containsExactly(1L, 2L);
        assertThat((byte[]) links.get(1).get("previous_hash")).isEqualTo((byte[]) links.get(0).get("hash"));
    }

    private static List<Collected> collected(PayoutId... payouts) {
        return Arrays.stream(payouts).map(payout -> {
            DomainEventMessage<?> message = DATABASE.eventStore().readEvents(payout.value()).next();
            return new Collected(payout.value(), message, message.getSequenceNumber());
        }).toList();
    }

    private static PayoutId payout(int n) {
        return new PayoutId(String.format("pay_%032x", n));
    }
}
