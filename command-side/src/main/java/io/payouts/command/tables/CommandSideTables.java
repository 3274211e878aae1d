package io.payouts.command.tables;

import io.payouts.platform.tables.ErasesPersonalData;
import io.payouts.platform.tables.ForgetsSandbox;
import io.payouts.platform.tables.SandboxWorld;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.Collection;
import java.util.List;

/** The command side's tables in a sandbox reset (ADR-0015) and in erasure (ADR-0026). */
@Component
class CommandSideTables implements ForgetsSandbox, ErasesPersonalData {

    private final JdbcTemplate jdbc;

    CommandSideTables(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** The sandbox drivers that claimed a svcDriverId, whether or not a read model shows them (ADR-0016). */
    @Override
    public Collection<String> sandboxAggregates() {
        return jdbc.queryForList("select driver_id from driver_svc_id_claim where mode = 'SANDBOX'", String.class);
    }

    @Override
    public int forget(SandboxWorld world) {
        return List.of(
                "delete from batch_membership where mode = 'SANDBOX'",
                "delete from driver_svc_id_claim where mode = 'SANDBOX'",
                "delete from driver_standing where mode = 'SANDBOX'").stream().mapToInt(jdbc::update).sum();
    }

    /** The standing's copy of the driver's name, which a payout's answer shows (ADR-0018). */
    @Override
    public void erase(String driverId) {
        jdbc.update("update driver_standing set name = ? where driver_id = ?", ERASED, driverId);
    }
}
