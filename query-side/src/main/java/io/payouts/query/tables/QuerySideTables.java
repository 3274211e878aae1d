package io.payouts.query.tables;

import io.payouts.platform.tables.ErasesPersonalData;
import io.payouts.platform.tables.ForgetsSandbox;
import io.payouts.platform.tables.ReadModelTables;
import io.payouts.platform.tables.SandboxWorld;
import io.payouts.shared.eventhandling.ProcessingGroups;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The read models' part in a sandbox reset (ADR-0015), in erasure (ADR-0026) and in the read models' checksums
 * (ADR-0025). Read models store the mode as the enum's name (SANDBOX).
 */
@Component
class QuerySideTables implements ForgetsSandbox, ErasesPersonalData, ReadModelTables {

    private final JdbcTemplate jdbc;

    QuerySideTables(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** The sandbox's drivers, payouts and batches the read models show. */
    @Override
    public Collection<String> sandboxAggregates() {
        return jdbc.queryForList("""
                select id from driver_view where mode = 'SANDBOX'
                union select id from payout_view where mode = 'SANDBOX'
                union select id from batch_view where mode = 'SANDBOX'""", String.class);
    }

    @Override
    public Collection<String> sandboxApiKeys() {
        return jdbc.queryForList("select id from api_key_view where mode = 'SANDBOX'", String.class);
    }

    /** Every read model's sandbox rows; the sandbox's API keys stay (they are the developer's, not the world's). */
    @Override
    public int forget(SandboxWorld world) {
        return List.of(
                "delete from driver_totals where driver_id in"
                        + " (select driver_id from payout_view where mode = 'SANDBOX')",
                "delete from driver_view where mode = 'SANDBOX'",
                "delete from driver_count where mode = 'SANDBOX'",
                "delete from driver_bank_account_view where mode = 'SANDBOX'",
                "delete from payout_view where mode = 'SANDBOX'",
                "delete from payout_count where mode = 'SANDBOX'",
                "delete from payout_amount where mode = 'SANDBOX'",
                "delete from batch_view where mode = 'SANDBOX'",
                "delete from wallet_balance_view where mode = 'SANDBOX'",
                "delete from top_up_view where mode = 'SANDBOX'",
                "delete from funding_transaction_view where mode = 'SANDBOX'",
                "delete from funding_transaction_count where mode = 'SANDBOX'",
                "delete from funding_transaction_amount where mode = 'SANDBOX'",
                "delete from wallet_movement where mode = 'SANDBOX'",
                "delete from wallet_movement_hour where mode = 'SANDBOX'",
                "delete from wallet_movement_minute where mode = 'SANDBOX'",
                "delete from funding_alert_view where mode = 'SANDBOX'",
                "delete from approval_policy_view where mode = 'SANDBOX'").stream().mapToInt(jdbc::update).sum();
    }

    /**
     * The driver list's copy of the name, e-mail and phone, and the masked bank account on file: its state says it
     * was erased and nothing else of it is kept, as a rebuild makes it from the erased event. An account removed
     * before stays removed, as in a rebuild.
     */
    @Override
    public void erase(String driverId) {
        jdbc.update("update driver_view set name = ?, email = ?, phone = ? where id = ?", ERASED, ERASED, ERASED,
                driverId);
        jdbc.update("""
                update driver_bank_account_view set state = 'ERASED', holder_name = null, country = null,
                    account_type = null, routing_number = null, bic = null, last4 = null
                where driver_id = ? and state = 'ON_FILE'""", driverId);
    }

    @Override
    public Map<String, List<String>> byProcessingGroup() {
        Map<String, List<String>> tables = new LinkedHashMap<>();
        tables.put(ProcessingGroups.DRIVER_PROJECTION, List.of("driver_view", "driver_count"));
        tables.put(ProcessingGroups.DRIVER_BANK_ACCOUNT_PROJECTION, List.of("driver_bank_account_view"));
        tables.put(ProcessingGroups.PAYOUT_PROJECTION, List.of("payout_view", "payout_count", "payout_amount",
                "driver_totals"));
        tables.put(ProcessingGroups.BATCH_PROJECTION, List.of("batch_view"));
        tables.put(ProcessingGroups.WALLET_PROJECTION,
                List.of("wallet_balance_view", "top_up_view", "funding_transaction_view",
                        "funding_transaction_count", "funding_transaction_amount", "wallet_movement",
                        "wallet_movement_hour", "wallet_movement_minute"));
        tables.put(ProcessingGroups.FUNDING_ALERT_PROJECTION, List.of("funding_alert_view", "approval_policy_view"));
        tables.put(ProcessingGroups.API_KEY_PROJECTION, List.of("api_key_view"));
        return tables;
    }
}
