package io.payouts.service.batch;

import io.payouts.command.batch.Batch;
import io.payouts.service.support.HttpIntegrationTest;
import io.payouts.shared.Mode;
import io.payouts.shared.batch.BatchId;
import io.payouts.shared.batch.BatchPayoutCanceledEvent;
import io.payouts.shared.batch.CreateBatchCommand;
import io.payouts.shared.batch.RecordBatchPayoutOutcomesCommand;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutRequest;
import io.payouts.shared.payout.PayoutStatus;
import io.payouts.shared.payout.Rail;
import io.payouts.shared.wallet.WalletId;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.common.caching.Cache;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A batch is snapshotted every 100 events (ADR-0013); one loaded from its snapshot must still know its payouts and
 * totals, or it would count a cancel or a completion wrongly.
 */
class BatchSnapshotTest extends HttpIntegrationTest {

    private static final int PAYOUTS = 110;

    @Autowired
    private CommandGateway commands;
    @Autowired
    private EventStore eventStore;
    @Autowired
    private JdbcTemplate jdbc;
    @Autowired
    @Qualifier("batchCache")
    private Cache batchCache;

    @Test
    void aBatchLoadedFromItsSnapshotKeepsItsPayoutsAndTotals() {
        DriverId driver = new DriverId(api().registerDriver().path("id").asText());
        assertThat(api().post("/api/v1/drivers/" + driver.value() + "/kyc", "{\"outcome\":\"verified\"}").status())
                .isEqualTo(200);
        BatchId batchId = new BatchId(BatchId.PREFIX + hex());
        List<PayoutRequest> payouts = new ArrayList<>();
        for (int i = 0; i < PAYOUTS; i++) {
            payouts.add(new PayoutRequest(new PayoutId(PayoutId.PREFIX + hex()), Mode.SANDBOX, driver, 100, 0,
                    Rail.STANDARD, null, null, null, null, "req_snapshot", "test", Instant.now()));
        }
        commands.sendAndWait(new CreateBatchCommand(batchId, Mode.SANDBOX, WalletId.of(Mode.SANDBOX), "Snapshot",
                Rail.STANDARD, null, payouts, Instant.now()));

        for (int i = 0; i < PAYOUTS - 1; i++) {
            commands.sendAndWait(new RecordBatchPayoutOutcomesCommand(batchId, Mode.SANDBOX,
                    List.of(canceled(payouts.get(i).payoutId()))));
        }
        await().atMost(Duration.ofSeconds(20)).until(() -> jdbc.queryForObject(
                "select count(*) from snapshot_event_entry where aggregate_identifier = ?", Long.class,
                batchId.value()) > 0);
        assertThat(eventStore.readEvents(batchId.value()).asStream().findFirst().orElseThrow().getPayload())
                .as("the stream is read from a snapshot that deserializes").isInstanceOf(Batch.class);
        batchCache.removeAll();
        commands.sendAndWait(new RecordBatchPayoutOutcomesCommand(batchId, Mode.SANDBOX,
                List.of(canceled(payouts.get(PAYOUTS - 1).payoutId()))));

        Object last = eventStore.readEvents(batchId.value()).asStream().reduce((first, second) -> second)
                .orElseThrow().getPayload();
        assertThat(last).isInstanceOfSatisfying(BatchPayoutCanceledEvent.class, canceled -> {
            assertThat(canceled.payoutCount()).as("the last payout left").isZero();
            assertThat(canceled.totalAmount()).isZero();
        });
    }

    private static RecordBatchPayoutOutcomesCommand.Outcome canceled(PayoutId payoutId) {
        return new RecordBatchPayoutOutcomesCommand.Outcome(payoutId, PayoutStatus.CANCELED, Instant.now());
    }

    private static String hex() {
        return UUID.randomUUID().toString().replace("-", "");
    }
}
