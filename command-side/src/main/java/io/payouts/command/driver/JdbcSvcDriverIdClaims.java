package io.payouts.command.driver;

import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverId;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Claims live in {@code driver_svc_id_claim} with a primary key on (mode, svc_driver_id). A concurrent claim of
 * the same id waits on the first transaction's row lock and then sees the conflict, so exactly one wins.
 */
@Component
class JdbcSvcDriverIdClaims implements SvcDriverIdClaims {

    private final JdbcTemplate jdbc;

    JdbcSvcDriverIdClaims(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public boolean claim(Mode mode, String svcDriverId, DriverId driverId) {
        int inserted = jdbc.update("""
                insert into driver_svc_id_claim (mode, svc_driver_id, driver_id) values (?, ?, ?)
                on conflict (mode, svc_driver_id) do nothing""", mode.name(), svcDriverId, driverId.value());
        return inserted == 1;
    }
}
