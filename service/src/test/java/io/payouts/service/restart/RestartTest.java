package io.payouts.service.restart;

import io.payouts.PayoutServiceApplication;
import io.payouts.service.support.Api;
import io.payouts.testsupport.ApplicationTest;
import io.payouts.testsupport.TestPostgres;
import io.payouts.shared.driver.DriverRegisteredEvent;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The service stops and starts on the same database: nothing is lost and no projection sees an old event again. */
@ApplicationTest
class RestartTest {

    @Test
    void driversSurviveARestartAndProjectionsResumeWhereTheyStopped() {
        TestPostgres.TestDatabase database = TestPostgres.newDatabase();
        List<String> before = new ArrayList<>();
        try (ConfigurableApplicationContext first = start(database, null)) {
            for (int i = 0; i < 5; i++) {
                before.add(Api.withSandboxKeyFor(first).registerDriver().path("id").asText());
            }
        }

        EventsSeen seen = new EventsSeen();
        try (ConfigurableApplicationContext second = start(database, seen)) {
            Api api = Api.withSandboxKeyFor(second);
            for (String id : before) {
                Api.Response read = api.get("/api/v1/drivers/" + id);
                assertThat(read.status()).isEqualTo(200);
                assertThat(read.data().path("id").asText()).isEqualTo(id);
            }
            String after = api.registerDriver().path("id").asText();

            await().atMost(Duration.ofSeconds(20)).until(() -> seen.driverIds.contains(after));
            assertThat(seen.driverIds).containsExactly(after);
            assertThat(api.get("/api/v1/drivers?pageSize=100").data().path("total").asLong()).isEqualTo(6);
            assertGlobalIndexHasNoGaps(second);
        }
    }

    /** Blocks of 50 from Hibernate's default generator would leave a jump of about 50 after a restart (ADR-0001). */
    private static void assertGlobalIndexHasNoGaps(ConfigurableApplicationContext context) {
        Map<String, Object> index = context.getBean(JdbcTemplate.class).queryForMap(
                "select min(global_index) as low, max(global_index) as high, count(*) as events from domain_event_entry");
        long span = ((Number) index.get("high")).longValue() - ((Number) index.get("low")).longValue() + 1;
        assertThat(span).isEqualTo(((Number) index.get("events")).longValue());
    }

    private static ConfigurableApplicationContext start(TestPostgres.TestDatabase database, EventsSeen seen) {
        return new SpringApplicationBuilder(PayoutServiceApplication.class)
                .initializers(context -> {
                    if (seen != null) {
                        ((GenericApplicationContext) context).registerBean(EventsSeen.class, () -> seen);
                    }
                })
                .run(database.asArguments("--server.port=0", "--payouts.owner.email=owner@test.example",
                        "--payouts.owner.password=restart test owner"));
    }

    /** Joins the driver projection's processing group, so it sees exactly the events that projection sees. */
    @ProcessingGroup("driver-projection")
    static class EventsSeen {

        final List<String> driverIds = new CopyOnWriteArrayList<>();

        @EventHandler
        void on(DriverRegisteredEvent event) {
            driverIds.add(event.driverId().value());
        }
    }
}
