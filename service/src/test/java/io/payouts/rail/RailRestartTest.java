package io.payouts.rail;

import io.payouts.PayoutServiceApplication;
import io.payouts.service.support.Api;
import io.payouts.shared.MetadataKeys;
import io.payouts.testsupport.ApplicationTest;
import io.payouts.testsupport.TestPostgres;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.PayoutCompletedEvent;
import io.payouts.shared.payout.PayoutFailedEvent;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutQueuedEvent;
import io.payouts.shared.payout.PayoutRequest;
import io.payouts.shared.payout.Rail;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The service stops while the rail is moving payouts; after the restart every payout ends, and ends once. */
@ApplicationTest
class RailRestartTest {

    private static final String COMPLETED = PayoutCompletedEvent.class.getName();
    private static final String FAILED = PayoutFailedEvent.class.getName();

    @Test
    void everyPayoutOnTheRailReachesItsEndExactlyOnceAfterARestart() throws SQLException {
        TestPostgres.TestDatabase database = TestPostgres.newDatabase();
        List<PayoutRequest> requests = new ArrayList<>();
        try (ConfigurableApplicationContext first = start(database)) {
            RailPayouts payouts = payoutsOf(first);
            DriverId driver = payableDriver(first);
            for (int i = 0; i < 4; i++) {
                requests.add(payouts.request(driver, 1_000 + i, Rail.STANDARD, false));
            }
            requests.add(payouts.request(driver, 2_000, Rail.STANDARD, true));
            requests.add(payouts.request(driver, 3_000, Rail.INSTANT, false));
            requests.add(payouts.request(driver, 3_001, Rail.INSTANT, false));
            payouts.fund(requests.stream().mapToLong(PayoutRequest::amount).sum());
            payouts.admit(requests.toArray(PayoutRequest[]::new));

            JdbcTemplate jdbc = first.getBean(JdbcTemplate.class);
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
                assertThat(standard(requests)).allSatisfy(request ->
                        assertThat(payouts.events(request.payoutId())).contains(PayoutQueuedEvent.class));
                assertThat(requests).allSatisfy(request -> assertThat(jdbc.queryForObject(
                        "select count(*) from rail_job where payout_id = ?", Long.class, request.payoutId().value()))
                        .isEqualTo(1));
            });
        }

        // stopped in the middle: nothing ended, and every payout's next step waits in the database
        try (Connection connection = connect(database)) {
            for (PayoutRequest request : requests) {
                assertThat(count(connection, "select count(*) from domain_event_entry where aggregate_identifier = ?"
                        + " and payload_type in ('" + COMPLETED + "', '" + FAILED + "')", request.payoutId()))
                        .as("terminal events of %s before the restart", request.payoutId()).isZero();
                assertThat(count(connection, "select count(*) from rail_job where payout_id = ?", request.payoutId()))
                        .as("steps of %s waiting across the restart", request.payoutId()).isEqualTo(1);
            }
        }

        try (ConfigurableApplicationContext second = start(database)) {
            RailPayouts payouts = payoutsOf(second);
            await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertThat(requests)
                    .allSatisfy(request -> assertThat(payouts.terminalEvents(request.payoutId())).isEqualTo(1)));
            for (PayoutRequest request : requests) {
                Class<?> expected = MetadataKeys.failsOnRail(request.sandboxScenario()) ? PayoutFailedEvent.class : PayoutCompletedEvent.class;
                assertThat(payouts.events(request.payoutId())).filteredOn(expected::equals).hasSize(1);
                assertThat(payouts.last(request.payoutId())).isEqualTo(expected);
            }
        }
    }

    private static List<PayoutRequest> standard(List<PayoutRequest> requests) {
        return requests.stream().filter(request -> request.rail() == Rail.STANDARD).toList();
    }

    private static RailPayouts payoutsOf(ConfigurableApplicationContext context) {
        return new RailPayouts(context.getBean(CommandGateway.class), context.getBean(EventStore.class),
                context.getBean(Clock.class));
    }

    private static DriverId payableDriver(ConfigurableApplicationContext context) {
        Api api = Api.withSandboxKeyFor(context);
        DriverId driver = new DriverId(api.registerDriver().path("id").asText());
        assertThat(api.post("/api/v1/drivers/" + driver.value() + "/kyc", "{\"outcome\":\"verified\"}").status())
                .isIn(200, 409);
        return driver;
    }

    /** Long enough delays that no payout ends before the stop; the steps are due at about 3 s and 6 s. */
    private static ConfigurableApplicationContext start(TestPostgres.TestDatabase database) {
        return new SpringApplicationBuilder(PayoutServiceApplication.class)
                .run(database.asArguments("--server.port=0", "--payouts.owner.email=owner@test.example",
                        "--payouts.owner.password=rail restart test owner", "--payouts.rail.standard-delay=6s",
                        "--payouts.rail.instant-delay=6s", "--payouts.rail.poll-interval=100ms",
                        // the test verifies its driver by hand
                        "--payouts.sandbox.kyc-verification-delay=1h"));
    }

    private static Connection connect(TestPostgres.TestDatabase database) throws SQLException {
        return DriverManager.getConnection(database.url(), database.username(), database.password());
    }

    private static long count(Connection connection, String sql, PayoutId payout) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setString(1, payout.value());
            try (ResultSet result = statement.executeQuery()) {
                result.next();
                return result.getLong(1);
            }
        }
    }
}
