package io.payouts.service.capture;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.payouts.service.support.Api;
import io.payouts.service.support.HttpIntegrationTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Temporary: writes the stored rows of payout events as this code writes them. */
class CaptureStoredEventsTest extends HttpIntegrationTest {

    @Autowired
    private JdbcTemplate jdbc;

    @Test
    void capture() throws Exception {
        Api api = api();
        String driver = api.registerDriver().path("id").asText();
        assertThat(api.post("/api/v1/drivers/" + driver + "/kyc", "{\"outcome\":\"verified\"}").status()).isEqualTo(200);
        String other = api.registerDriver().path("id").asText();
        assertThat(api.post("/api/v1/drivers/" + other + "/kyc", "{\"outcome\":\"verified\"}").status()).isEqualTo(200);
        assertThat(api.post("/api/v1/funding/topup", "{\"amount\":100000}").status()).isEqualTo(200);
        await().atMost(Duration.ofSeconds(20))
                .until(() -> api.get("/api/v1/balance").data().path("available").asLong() >= 100000);
        Api failing = api.header("X-Sandbox-Scenario", "payout_failed");
        Api.Response failed = failing.post("/api/v1/payouts", "{\"driverId\":\"%s\",\"amount\":1200,\"description\":\"week 3\"}".formatted(driver));
        assertThat(failed.status()).as(failed.toString()).isEqualTo(200);
        Api.Response fine = api.post("/api/v1/payouts", "{\"driverId\":\"%s\",\"amount\":1300,\"description\":\"week 3\"}".formatted(other));
        assertThat(fine.status()).isEqualTo(200);
        String batchBody = "{\"name\":\"week 12\",\"payouts\":[{\"driverId\":\"%s\",\"amount\":700},{\"driverId\":\"%s\",\"amount\":800}]}"
                .formatted(driver, other);
        Api.Response failingBatch = failing.post("/api/v1/batches", batchBody);
        assertThat(failingBatch.status()).as(failingBatch.toString()).isEqualTo(200);
        assertThat(api.post("/api/v1/batches/" + failingBatch.data().path("id").asText() + "/release", null).status()).isEqualTo(200);
        Api.Response plainBatch = api.post("/api/v1/batches", batchBody);
        assertThat(plainBatch.status()).isEqualTo(200);
        assertThat(failing.post("/api/v1/batches/" + plainBatch.data().path("id").asText() + "/release", null).status()).isEqualTo(200);
        ObjectMapper json = new ObjectMapper();
        ArrayNode rows = json.createArrayNode();
        jdbc.query("""
                select aggregate_identifier, sequence_number, type, event_identifier, time_stamp, payload_type,
                payload_revision, payload, meta_data from domain_event_entry
                where payload_type in ('io.payouts.shared.payout.PayoutRequestedEvent',
                'io.payouts.shared.payout.PayoutRequestedInBatchEvent', 'io.payouts.shared.payout.PayoutReleasedEvent')
                order by global_index""", row -> {
            ObjectNode node = rows.addObject();
            node.put("aggregateIdentifier", row.getString("aggregate_identifier"));
            node.put("sequenceNumber", row.getLong("sequence_number"));
            node.put("type", row.getString("type"));
            node.put("eventIdentifier", row.getString("event_identifier"));
            node.put("timeStamp", row.getString("time_stamp"));
            node.put("payloadType", row.getString("payload_type"));
            node.put("payloadRevision", row.getString("payload_revision"));
            node.put("payload", new String(row.getBytes("payload"), StandardCharsets.UTF_8));
            node.put("metaData", new String(row.getBytes("meta_data"), StandardCharsets.UTF_8));
        });
        Files.writeString(Path.of("/tmp/seams-commands/captured-events.json"),
                json.writerWithDefaultPrettyPrinter().writeValueAsString(rows));
    }
}
