package io.payouts.service.projection;

import com.fasterxml.jackson.databind.JsonNode;
import io.payouts.service.support.Api;
import io.payouts.service.support.HttpIntegrationTest;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class ProjectionRebuildTest extends HttpIntegrationTest {

    @Autowired
    private JdbcTemplate jdbc;

    @Autowired
    private EventProcessingConfiguration processing;

    @Test
    void rebuildingAProjectionRestoresItsReadModelFromTheEvents() {
        JsonNode driver = api().registerDriver();
        String id = driver.path("id").asText();
        api().put("/api/v1/drivers/" + id, """
                {"name":"Rebuilt Name","email":"rebuilt@example.com","phone":"+14155550199"}""");
        api().post("/api/v1/drivers/" + id + "/kyc", "{\"outcome\":\"verified\"}");
        JsonNode beforeRebuild = api().get("/api/v1/drivers/" + id).data();
        jdbc.update("update driver_view set name = 'corrupted', status = 'INACTIVE' where id = ?", id);

        Api.Response rebuild = owner().post("/api/v1/admin/projections/driver-projection/rebuild", null);

        assertThat(rebuild.status()).isEqualTo(200);
        assertThat(rebuild.data().path("status").asText()).isEqualTo("rebuilding");
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            Api.Response read = api().get("/api/v1/drivers/" + id);
            assertThat(read.status()).isEqualTo(200);
            assertThat(read.data()).isEqualTo(beforeRebuild);
        });
        StreamingEventProcessor processor = processing
                .eventProcessor("driver-projection", StreamingEventProcessor.class).orElseThrow();
        await().atMost(Duration.ofSeconds(30)).until(() -> !processor.isReplaying());
    }

    @Test
    void rebuildingAnUnknownProjectionIsA404() {
        Api.Response response = owner().post("/api/v1/admin/projections/no-such-projection/rebuild", null);

        assertThat(response.status()).isEqualTo(404);
        assertThat(response.error().path("code").asText()).isEqualTo("NOT_FOUND");
    }
}
