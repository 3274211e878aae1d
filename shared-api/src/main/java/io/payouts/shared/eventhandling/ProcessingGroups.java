package io.payouts.shared.eventhandling;

/**
 * The name of every event processor of the service, in one place: each event handler names its group from here, and
 * so do the reads that wait for a group and the admin endpoints that say which groups may replay. The names are what
 * {@code application.yml} configures and what the tokens are stored under, so they never change.
 */
public final class ProcessingGroups {

    /** {@code driver_view}, a processor batch at a time (query-side). */
    public static final String DRIVER_PROJECTION = "driver-projection";
    /** {@code driver_bank_account_view}, the drivers' bank accounts masked (query-side). */
    public static final String DRIVER_BANK_ACCOUNT_PROJECTION = "driver-bank-account-projection";
    /** {@code payout_view} and the drivers' totals (query-side). */
    public static final String PAYOUT_PROJECTION = "payout-projection";
    /** {@code batch_view} (query-side). */
    public static final String BATCH_PROJECTION = "batch-projection";
    /** The wallets' balances, top-ups and funding transactions (query-side). */
    public static final String WALLET_PROJECTION = "wallet-projection";
    /**
     * The wallet's settings (query-side): the low-balance alert's {@code funding_alert_view} and the approval
     * threshold's {@code approval_policy_view}.
     */
    public static final String FUNDING_ALERT_PROJECTION = "funding-alert-projection";
    /** {@code api_key_view} (query-side). */
    public static final String API_KEY_PROJECTION = "api-key-projection";

    /** Hands payouts to the rail (payout-rail); never replayed. */
    public static final String PAYOUT_RAIL = "payout-rail";
    /** The batch saga: scheduled releases (command-side); never replayed. */
    public static final String BATCH_PROGRESS = "batch-progress";
    /** Tells batches where their payouts went (command-side); never replayed. */
    public static final String BATCH_OUTCOMES = "batch-outcomes";
    /** Who may be paid, in the driver command's own unit of work (command-side). */
    public static final String DRIVER_STANDING = "driver-standing";
    /** Creates webhook deliveries (webhook-projector); never replayed. */
    public static final String WEBHOOK_DELIVERIES = "webhook-deliveries";

    /** The hash-chained audit log (service). */
    public static final String AUDIT_LOG = "audit-log";
    /** Counts payouts by outcome for the metrics (service). */
    public static final String PAYOUT_METRICS = "payout-metrics";
    /** Schedules the sandbox's automatic KYC verification (service); never replayed. */
    public static final String SANDBOX_KYC_VERIFICATION = "sandbox-kyc-verification";
    /** Settles sandbox top-ups (service); never replayed. */
    public static final String SANDBOX_TOP_UP_SETTLEMENT = "sandbox-top-up-settlement";

    private ProcessingGroups() {
    }
}
