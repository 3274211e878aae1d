package io.payouts.rail;

import io.payouts.platform.tables.ForgetsSandbox;
import io.payouts.platform.tables.SandboxWorld;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.Collection;

/**
 * The rail's tables in a sandbox reset (ADR-0015): the payments of sandbox payouts it holds, and its
 * pending work for them.
 */
@Component
class RailTables implements ForgetsSandbox {

    private final JdbcTemplate jdbc;

    RailTables(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** The sandbox payouts in the rail's hands, whether or not a read model shows them (ADR-0016). */
    @Override
    public Collection<String> sandboxAggregates() {
        return jdbc.queryForList("select payout_id from rail_payment where mode = 'SANDBOX'", String.class);
    }

    /** The pending steps of every sandbox payout (named here or by another module), then the payments. */
    @Override
    public int forget(SandboxWorld world) {
        return jdbc.update("delete from rail_job where payout_id = any (?)", (Object) world.aggregateIds())
                + jdbc.update("delete from rail_payment where mode = 'SANDBOX'");
    }
}
