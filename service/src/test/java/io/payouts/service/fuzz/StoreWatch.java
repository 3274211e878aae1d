package io.payouts.service.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import io.payouts.service.support.Api;
import org.awaitility.core.ConditionTimeoutException;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.awaitility.Awaitility.await;

/**
 * What the service has stored: the events (every one carries the id of the request that caused it, ADR-0025) and
 * the read models' checksums, which the admin API computes as ProjectionChecksumTest uses them.
 */
final class StoreWatch {

    private static final String EVENTS = "domain_event_entry";
    private static final int STABLE_POLLS = 3;

    private final JdbcTemplate jdbc;
    private final EventProcessingConfiguration processing;
    private final Api owner;
    private final List<String> readModels;
    private long lastHead = -1;
    private int stablePolls;
    private int snapshots;
    private long snapshotNanos;

    StoreWatch(JdbcTemplate jdbc, EventProcessingConfiguration processing, Api owner) {
        this.jdbc = jdbc;
        this.processing = processing;
        this.owner = owner;
        this.readModels = owner.get("/api/v1/admin/projections").data().findValuesAsText("name").stream()
                .filter(name -> owner.get("/api/v1/admin/projections/" + name + "/checksum").status() == 200)
                .toList();
    }

    /** The events and the read models at one moment the service was quiet. */
    record Snapshot(long events, Map<String, String> readModels) {
    }

    long head() {
        return jdbc.queryForObject("select coalesce(max(global_index), 0) from " + EVENTS, Long.class);
    }

    long count() {
        return jdbc.queryForObject("select count(*) from " + EVENTS, Long.class);
    }

    /** How many events stored after {@code head} name this request as theirs. */
    long writtenBy(String requestId, long head) {
        return jdbc.queryForObject("select count(*) from " + EVENTS + " where global_index > ?"
                        + " and position(? in convert_from(meta_data, 'UTF8')) > 0", Long.class, head,
                "\"requestId\":\"" + requestId + "\"");
    }

    /** The request ids of every stored event. */
    Set<String> requestIds() {
        return new HashSet<>(jdbc.queryForList("select distinct convert_from(meta_data, 'UTF8')::json->>'requestId'"
                + " from " + EVENTS, String.class));
    }

    Snapshot snapshot() {
        long started = System.nanoTime();
        awaitQuiet();
        Map<String, String> checksums = new LinkedHashMap<>();
        for (String readModel : readModels) {
            Api.Response checksum = owner.get("/api/v1/admin/projections/" + readModel + "/checksum");
            checksums.put(readModel, checksum.data().path("checksum").asText());
        }
        snapshotNanos += System.nanoTime() - started;
        snapshots++;
        return new Snapshot(count(), checksums);
    }

    /** How many snapshots were taken, and the seconds they took. */
    String snapshotCost() {
        return snapshots + " snapshots in " + snapshotNanos / 1_000_000_000 + " s";
    }

    /**
     * Until every event processor works its segment and has applied every stored event, and no new event came for a
     * few polls. A processor that never gets there fails the run, naming it.
     */
    void awaitQuiet() {
        lastHead = -1;
        stablePolls = 0;
        try {
            await("the service is quiet").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(30))
                    .until(this::settled);
        } catch (ConditionTimeoutException stuck) {
            throw new AssertionError("event processors that did not catch up with " + head() + " in 60 s: "
                    + behind(head()), stuck);
        }
    }

    private boolean settled() {
        long head = head();
        stablePolls = behind(head).isEmpty() && head == lastHead ? stablePolls + 1 : 0;
        lastHead = head;
        return stablePolls >= STABLE_POLLS;
    }

    private List<String> behind(long head) {
        return processing.eventProcessors().values().stream()
                .filter(StreamingEventProcessor.class::isInstance).map(StreamingEventProcessor.class::cast)
                .filter(processor -> !processor.isRunning() || processor.isReplaying()
                        || processor.processingStatus().isEmpty()
                        || processor.processingStatus().values().stream().anyMatch(segment ->
                        segment.getCurrentPosition().orElse(-1) < head))
                .map(processor -> processor.getName() + " " + processor.processingStatus().values().stream()
                        .map(segment -> segment.getCurrentPosition().orElse(-1)).toList())
                .toList();
    }

    /** Every processor as the admin API shows it. */
    JsonNode processors() {
        return owner.get("/api/v1/admin/projections").data().path("items");
    }

    JsonNode deadLetters() {
        return owner.get("/api/v1/admin/dead-letters?pageSize=100").data();
    }

    Api.Response auditVerification() {
        Api.Response[] last = new Api.Response[1];
        await("the audit chain has caught up").atMost(Duration.ofSeconds(60)).until(() -> {
            last[0] = owner.get("/api/v1/admin/audit/verify");
            return last[0].status() == 200;
        });
        return last[0];
    }
}
