package io.payouts.service.platform.postgres;

import io.payouts.testsupport.DatabaseTest;
import io.payouts.testsupport.TestPostgres;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * V11 fills the command side's driver standings (ADR-0017) from the events of the drivers that exist before it, so
 * an upgraded service pays exactly the drivers it paid before.
 */
@DatabaseTest
class DriverStandingMigrationTest {

    private static final String DRIVER_EVENTS = "io.payouts.shared.driver.";

    @Test
    void fillsEachExistingDriversStandingFromItsEvents() {
        TestPostgres.TestDatabase database = TestPostgres.newDatabase();
        DriverManagerDataSource dataSource = new DriverManagerDataSource(database.url(), database.username(),
                database.password());
        JdbcTemplate jdbc = new JdbcTemplate(dataSource);
        Flyway.configure().dataSource(dataSource).target("10").load().migrate();
        registered(jdbc, "drv_invited", "SANDBOX");
        registered(jdbc, "drv_active", "PRODUCTION");
        event(jdbc, "drv_active", 1, "DriverKycVerifiedEvent");
        registered(jdbc, "drv_rejected", "SANDBOX");
        event(jdbc, "drv_rejected", 1, "DriverKycRejectedEvent");
        registered(jdbc, "drv_left", "SANDBOX");
        event(jdbc, "drv_left", 1, "DriverKycVerifiedEvent");
        event(jdbc, "drv_left", 2, "DriverDeactivatedEvent");
        registered(jdbc, "drv_retried", "SANDBOX");
        event(jdbc, "drv_retried", 1, "DriverKycRejectedEvent");
        event(jdbc, "drv_retried", 2, "DriverKycVerifiedEvent");

        Flyway.configure().dataSource(dataSource).load().migrate();

        Map<String, String> standings = jdbc.queryForList(
                        "select driver_id, mode || ' ' || status || ' ' || kyc_status as standing from driver_standing")
                .stream().collect(Collectors.toMap(row -> (String) row.get("driver_id"),
                        row -> (String) row.get("standing")));
        assertThat(standings).containsExactlyInAnyOrderEntriesOf(Map.of(
                "drv_invited", "SANDBOX INVITED PENDING",
                "drv_active", "PRODUCTION ACTIVE VERIFIED",
                "drv_rejected", "SANDBOX INVITED REJECTED",
                "drv_left", "SANDBOX INACTIVE VERIFIED",
                "drv_retried", "SANDBOX ACTIVE VERIFIED"));
    }

    private static void registered(JdbcTemplate jdbc, String driverId, String mode) {
        insert(jdbc, driverId, 0, "DriverRegisteredEvent", """
                {"driverId":{"value":"%s"},"mode":"%s","svcDriverId":"ext","name":"Ana","email":"a@example.com",
                "phone":"+14155550123","registeredAt":"2026-01-01T00:00:00Z"}""".formatted(driverId, mode));
    }

    private static void event(JdbcTemplate jdbc, String driverId, long sequence, String type) {
        insert(jdbc, driverId, sequence, type, "{}");
    }

    private static void insert(JdbcTemplate jdbc, String driverId, long sequence, String type, String payload) {
        jdbc.update("""
                insert into domain_event_entry (global_index, event_identifier, aggregate_identifier, sequence_number,
                    type, payload_type, payload_revision, payload, meta_data, time_stamp)
                values (nextval('domain_event_entry_seq'), gen_random_uuid()::text, ?, ?, 'Driver', ?, '1', ?, ?,
                    '2026-01-01T00:00:00Z')""",
                driverId, sequence, DRIVER_EVENTS + type, payload.getBytes(StandardCharsets.UTF_8),
                "{}".getBytes(StandardCharsets.UTF_8));
    }
}
