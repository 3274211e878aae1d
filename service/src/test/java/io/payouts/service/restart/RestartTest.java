package io.payouts.service.restart;

import io.payouts.PayoutServiceApplication;
import io.payouts.service.support.TestPostgres;
import io.payouts.shared.driver.DriverRegisteredEvent;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The service stops and starts on the same database: nothing is lost and no projection sees an old event again. */
class RestartTest {

    private static final Pattern DRIVER_ID = Pattern.compile("\"id\":\"(drv_[0-9a-f]{32})\"");

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void driversSurviveARestartAndProjectionsResumeWhereTheyStopped() throws Exception {
        TestPostgres.TestDatabase database = TestPostgres.newDatabase();
        List<String> before = new ArrayList<>();
        try (ConfigurableApplicationContext first = start(database, null)) {
            for (int i = 0; i < 5; i++) {
                before.add(register(first));
            }
        }

        EventsSeen seen = new EventsSeen();
        try (ConfigurableApplicationContext second = start(database, seen)) {
            for (String id : before) {
                assertThat(get(second, "/api/v1/drivers/" + id)).contains(id);
            }
            String after = register(second);

            await().atMost(Duration.ofSeconds(20)).until(() -> seen.driverIds.contains(after));
            assertThat(seen.driverIds).containsExactly(after);
            assertThat(get(second, "/api/v1/drivers?pageSize=100")).contains(before).contains(after);
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
                .run(database.asArguments("--server.port=0"));
    }

    private String register(ConfigurableApplicationContext context) throws Exception {
        String body = """
                {"svcDriverId":"ext-%s","name":"Ana Diaz","email":"ana@example.com","phone":"+14155550123"}"""
                .formatted(java.util.UUID.randomUUID());
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(uri(context, "/api/v1/drivers"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        Matcher id = DRIVER_ID.matcher(response.body());
        assertThat(id.find()).isTrue();
        return id.group(1);
    }

    private String get(ConfigurableApplicationContext context, String path) throws Exception {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(uri(context, path)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return response.body();
    }

    private static URI uri(ConfigurableApplicationContext context, String path) {
        return URI.create("http://localhost:" + context.getEnvironment().getProperty("local.server.port") + path);
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
