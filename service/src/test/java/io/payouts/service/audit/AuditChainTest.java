package io.payouts.service.audit;

import com.fasterxml.jackson.databind.JsonNode;
import io.payouts.service.support.Api;
import io.payouts.service.support.HttpIntegrationTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The hash chain over the stored events and its verification over HTTP (ADR-0025). */
class AuditChainTest extends HttpIntegrationTest {

    @Autowired
    private JdbcTemplate jdbc;

    @Test
    void chainsEveryStoredEventShortlyAfterItIsAppended() {
        String driverId = AuditFixtures.payableDriver(api());

        await("the driver's events are chained").atMost(Duration.ofSeconds(10)).until(() -> jdbc.queryForObject(
                "select count(*) from audit_event where aggregate_identifier = ?", Long.class, driverId) == 2);
        List<byte[]> hashes = jdbc.queryForList("select hash from audit_event where aggregate_identifier = ?"
                + " order by link_no", byte[].class, driverId);
        assertThat(hashes).allSatisfy(hash -> assertThat(hash).hasSize(32));
        assertThat(jdbc.queryForObject("select count(*) from domain_event_entry e where not exists"
                + " (select 1 from audit_event a where a.global_index = e.global_index)"
                + " and e.global_index <= (select max(global_index) from audit_event)", Long.class))
                .as("no event below the newest chained one is left out").isZero();
    }

    @Test
    void verificationNamesTheFirstEventWhoseStoredBytesWereAltered() {
        String driverId = AuditFixtures.payableDriver(api());
        String eventId = api().get("/api/v1/drivers/" + driverId + "/history").data().path("items").get(0)
                .path("id").asText();
        Api.Response before = awaitVerification();
        assertThat(sandboxChain(before).path("firstBroken").isMissingNode()
                || sandboxChain(before).path("firstBroken").isNull()).as("%s", before).isTrue();
        byte[] original = jdbc.queryForObject("select payload from domain_event_entry where aggregate_identifier = ?"
                + " and sequence_number = 0", byte[].class, driverId);
        try {
            jdbc.update("update domain_event_entry set payload = convert_to(replace(convert_from(payload, 'UTF8'),"
                    + " 'ext-', 'EXT-'), 'UTF8') where aggregate_identifier = ? and sequence_number = 0",
                    driverId);

            Api.Response tampered = owner().get("/api/v1/admin/audit/verify");

            assertThat(tampered.status()).as("%s", tampered).isEqualTo(200);
            assertThat(tampered.data().path("verified").asBoolean()).isFalse();
            JsonNode broken = sandboxChain(tampered).path("firstBroken");
            assertThat(broken.path("eventId").asText()).isEqualTo(eventId);
            assertThat(broken.path("aggregateId").asText()).isEqualTo(driverId);
            assertThat(broken.path("aggregateSequence").asLong()).isZero();
            assertThat(broken.path("problem").asText()).contains("stored bytes");
        } finally {
            jdbc.update("update domain_event_entry set payload = ? where aggregate_identifier = ?"
                    + " and sequence_number = 0", original, driverId);
        }
        assertThat(sandboxChain(owner().get("/api/v1/admin/audit/verify")).path("firstBroken").isMissingNode()
                || sandboxChain(owner().get("/api/v1/admin/audit/verify")).path("firstBroken").isNull()).isTrue();
    }

    @Test
    void aDeletedEventBreaksTheChain() {
        String driverId = AuditFixtures.payableDriver(api());
        awaitVerification();
        List<java.util.Map<String, Object>> rows = jdbc.queryForList("select * from domain_event_entry"
                + " where aggregate_identifier = ? and sequence_number = 1", driverId);
        assertThat(rows).hasSize(1);
        java.util.Map<String, Object> row = rows.get(0);
        try {
            jdbc.update("delete from domain_event_entry where global_index = ?", row.get("global_index"));

            JsonNode broken = sandboxChain(owner().get("/api/v1/admin/audit/verify")).path("firstBroken");

            assertThat(broken.path("globalIndex").asLong()).isEqualTo(((Number) row.get("global_index")).longValue());
            assertThat(broken.path("problem").asText()).contains("deleted");
        } finally {
            jdbc.update("insert into domain_event_entry (global_index, aggregate_identifier, sequence_number, type,"
                            + " event_identifier, payload_type, payload_revision, payload, meta_data, time_stamp)"
                            + " values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", row.get("global_index"),
                    row.get("aggregate_identifier"), row.get("sequence_number"), row.get("type"),
                    row.get("event_identifier"), row.get("payload_type"), row.get("payload_revision"),
                    row.get("payload"), row.get("meta_data"), row.get("time_stamp"));
        }
    }

    @Test
    void onlyOwnersAndAdminsVerify() {
        assertThat(api().get("/api/v1/admin/audit/verify").status()).isEqualTo(401);
        assertThat(anonymous().get("/api/v1/admin/audit/verify").status()).isEqualTo(401);
    }

    private Api.Response awaitVerification() {
        Api.Response[] last = new Api.Response[1];
        await("the chain has caught up").atMost(Duration.ofSeconds(10)).until(() -> {
            last[0] = owner().get("/api/v1/admin/audit/verify");
            return last[0].status() == 200;
        });
        return last[0];
    }

    private static JsonNode sandboxChain(Api.Response verification) {
        for (JsonNode chain : verification.data().path("chains")) {
            if (chain.path("chain").asText().equals("sandbox")) {
                return chain;
            }
        }
        throw new AssertionError("no sandbox chain in " + verification);
    }
}
