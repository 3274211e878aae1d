package io.payouts.service.erasure;

import io.payouts.service.support.HttpIntegrationTest;
import io.payouts.shared.driver.RegisterDriverCommand;
import io.payouts.shared.driver.UpdateDriverProfileCommand;
import org.axonframework.commandhandling.CommandBus;
import org.axonframework.common.Registration;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Through the service's own command bus: when a driver command's handler has applied its event, before
 * the command's unit of work stores it in either event store or publishes it, the driver's key is already committed.
 * A processor that reads the event, on any instance, finds its key.
 */
class DriverKeyBeforeEventTest extends HttpIntegrationTest {

    @Autowired
    private CommandBus commandBus;
    @Autowired
    private JdbcTemplate jdbc;

    @Test
    void aDriversKeyIsCommittedBeforeTheirRegistrationOrProfileUpdateIsStored() {
        Map<String, Boolean> keyCommittedWhenApplied = new ConcurrentHashMap<>();
        Registration watching = commandBus.registerHandlerInterceptor((unitOfWork, chain) -> {
            Object result = chain.proceed();
            Object command = unitOfWork.getMessage().getPayload();
            if (command instanceof RegisterDriverCommand register) {
                keyCommittedWhenApplied.put("registered " + register.driverId().value(),
                        committedKeyOf(register.driverId().value()));
            } else if (command instanceof UpdateDriverProfileCommand update) {
                keyCommittedWhenApplied.put("updated " + update.driverId().value(),
                        committedKeyOf(update.driverId().value()));
            }
            return result;
        });
        try {
            String driverId = api().registerDriver().path("id").asText();
            assertThat(api().put("/api/v1/drivers/" + driverId, """
                    {"name":"Ana Diaz-Ortega","email":"ana.ortega@example.com","phone":"+14155550199"}""").status())
                    .isEqualTo(200);

            assertThat(keyCommittedWhenApplied).containsEntry("registered " + driverId, true)
                    .containsEntry("updated " + driverId, true);
        } finally {
            watching.cancel();
        }
    }

    /** Read on a connection of its own, outside the command's transaction. */
    private boolean committedKeyOf(String driverId) {
        try (Connection elsewhere = jdbc.getDataSource().getConnection();
             PreparedStatement query = elsewhere.prepareStatement(
                     "select secret is not null from driver_personal_data_key where driver_id = ?")) {
            query.setString(1, driverId);
            try (ResultSet row = query.executeQuery()) {
                return row.next() && row.getBoolean(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
