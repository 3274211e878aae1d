package io.payouts.service.sandbox;

import java.util.List;

/**
 * Everything that makes up the sandbox world, in the one place a reset reads it from (ADR-0015). A feature that
 * keeps sandbox data adds its aggregates and its tables here, or reset leaves that data behind.
 */
final class SandboxWorld {

    // Read models store the mode as the enum's name (SANDBOX); the wallet's id uses its API name (wallet_sandbox).

    /** The sandbox wallet's id: it is emptied by a reset, never discarded. */
    static final String WALLET = "wallet_sandbox";

    private static final String SANDBOX_BATCHES = "(select id from batch_view where mode = 'SANDBOX')";

    /**
     * Queries naming the sandbox's event-sourced aggregates: their events and snapshots are deleted. Read models name
     * most; the command side's tables and the rail's name those whose first event a projection parked (ADR-0016).
     */
    static final List<String> AGGREGATES = List.of(
            "select id from driver_view where mode = 'SANDBOX'",
            "select driver_id from driver_svc_id_claim where mode = 'SANDBOX'",
            "select id from payout_view where mode = 'SANDBOX'",
            "select payout_id from rail_payment where mode = 'SANDBOX'",
            "select id from batch_view where mode = 'SANDBOX'",
            "select '" + WALLET + "'");

    /**
     * The sandbox's other rows, deleted in this order after the events: events processors parked (ADR-0016), pending
     * rail work, automatic verifications and the batches' sagas first (they name sandbox payouts, drivers and
     * batches; a batch's release deadline may stay in db-scheduler's table, and finds no saga when it fires), then
     * the read models
     * and the webhook subscriptions with their deliveries, attempts and inbound events, the sandbox's audit chain
     * (ADR-0025) and its drivers' personal-data keys (ADR-0026), then what requests with a
     * sandbox key left behind (stored idempotent responses and rate-limit buckets). Keys themselves stay: they are
     * the developer's, not the world's.
     */
    static final List<String> ROWS = List.of(
            "delete from dead_letter_entry where sequence_identifier in (" + String.join(" union ", AGGREGATES) + ")",
            "delete from rail_job where payout_id in (select payout_id from rail_payment where mode = 'SANDBOX'"
                    + " union select id from payout_view where mode = 'SANDBOX')",
            "delete from rail_payment where mode = 'SANDBOX'",
            "delete from batch_membership where mode = 'SANDBOX'",
            "delete from sandbox_kyc_verification",
            "delete from saga_entry where saga_id in (select saga_id from association_value_entry"
                    + " where association_key = 'batchId' and association_value in " + SANDBOX_BATCHES + ")",
            "delete from association_value_entry where saga_id in (select saga_id from association_value_entry"
                    + " where association_key = 'batchId' and association_value in " + SANDBOX_BATCHES + ")",
            "delete from driver_svc_id_claim where mode = 'SANDBOX'",
            "delete from driver_standing where mode = 'SANDBOX'",
            "delete from driver_totals where driver_id in (select driver_id from payout_view where mode = 'SANDBOX')",
            "delete from driver_view where mode = 'SANDBOX'",
            "delete from driver_bank_account_view where mode = 'SANDBOX'",
            "delete from payout_view where mode = 'SANDBOX'",
            "delete from batch_view where mode = 'SANDBOX'",
            "delete from wallet_balance_view where mode = 'SANDBOX'",
            "delete from top_up_view where mode = 'SANDBOX'",
            "delete from funding_transaction_view where mode = 'SANDBOX'",
            "delete from webhook_attempt where delivery_id in (select id from webhook_delivery where mode = 'SANDBOX')",
            "delete from webhook_delivery where mode = 'SANDBOX'",
            "delete from webhook_subscription where mode = 'SANDBOX'",
            "delete from audit_event where chain = 'sandbox'",
            "delete from idempotency_record where state = 'completed'"
                    + " and caller in (select 'key:' || id from api_key_view where mode = 'SANDBOX')",
            "delete from rate_limit_buckets"
                    + " where split_part(id, '@', 1) in (select 'key:' || id from api_key_view where mode = 'SANDBOX')");

    /**
     * The sandbox drivers' personal-data keys (ADR-0026), run before {@link #ROWS}: deleted with the events they open,
     * or, where the events stay stored, destroyed as an erasure does, so that a rebuild still reads those events and
     * shows their personal data as erased until the reset in the stream forgets them.
     */
    static final String DELETE_KEYS = "delete from driver_personal_data_key where driver_id in ("
            + String.join(" union ", AGGREGATES) + ")";
    static final String DESTROY_KEYS = "update driver_personal_data_key set secret = null, erased_at = now(),"
            + " erased_by = 'sandbox reset' where erased_at is null and driver_id in ("
            + String.join(" union ", AGGREGATES) + ")";

    private SandboxWorld() {
    }

    /** One query naming every sandbox aggregate. */
    static String aggregateIds() {
        return String.join(" union ", AGGREGATES);
    }
}
