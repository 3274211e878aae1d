package io.payouts.platform.eventstore;

import io.payouts.platform.tables.ForgetsSandbox;
import io.payouts.platform.tables.SandboxWorld;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Platform's part in a sandbox reset (ADR-0015): the sandbox aggregates' events and snapshots, where events are
 * deleted; the events processors parked for them (ADR-0016); and the batches' sagas, which name sandbox batches
 * (a batch's release deadline may stay in db-scheduler's table, and finds no saga when it fires).
 */
@Component
class SandboxEvents implements ForgetsSandbox {

    private final JdbcTemplate jdbc;

    SandboxEvents(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public int forget(SandboxWorld world) {
        Object aggregates = world.aggregateIds();
        int rows = 0;
        if (!world.eventsKept()) {
            rows += jdbc.update("delete from snapshot_event_entry where aggregate_identifier = any (?)", aggregates);
            rows += jdbc.update("delete from domain_event_entry where aggregate_identifier = any (?)", aggregates);
        }
        rows += jdbc.update("delete from dead_letter_entry where sequence_identifier = any (?)", aggregates);
        String sandboxBatchSagas = "select saga_id from association_value_entry"
                + " where association_key = 'batchId' and association_value = any (?)";
        rows += jdbc.update("delete from saga_entry where saga_id in (" + sandboxBatchSagas + ")", aggregates);
        rows += jdbc.update("delete from association_value_entry where saga_id in (" + sandboxBatchSagas + ")",
                aggregates);
        return rows;
    }
}
