package io.payouts.shared;

/** Names of the audit metadata every command carries and every event inherits. */
public final class MetadataKeys {

    public static final String REQUEST_ID = "requestId";
    public static final String MODE = "mode";
    public static final String CALLER = "caller";
    /** The X-Sandbox-Scenario a sandbox request chose, when it chose one; events inherit it (ADR-0015). */
    public static final String SANDBOX_SCENARIO = "sandboxScenario";
    /** The value of {@link #SANDBOX_SCENARIO} under which a sandbox driver's KYC is not verified automatically. */
    public static final String KYC_PENDING_SCENARIO = "kyc_pending";
    /**
     * The value of {@link #SANDBOX_SCENARIO} under which the simulated rail fails a payout's first attempt: a payout's
     * requested, requested-in-batch and released events carry it in their metadata (until revision 1 of
     * those events, a {@code failOnRail} flag in their payload did).
     */
    public static final String PAYOUT_FAILED_SCENARIO = "payout_failed";

    private MetadataKeys() {
    }

    /** Whether a message's {@link #SANDBOX_SCENARIO} metadata value forces its payout to fail on the rail. */
    public static boolean failsOnRail(Object sandboxScenario) {
        return PAYOUT_FAILED_SCENARIO.equals(sandboxScenario);
    }
}
