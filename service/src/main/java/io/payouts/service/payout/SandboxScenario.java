package io.payouts.service.payout;

import io.payouts.service.web.ApiEnums;
import io.payouts.shared.Mode;

/**
 * The {@code X-Sandbox-Scenario} header: forces an outcome on a sandbox request. Production requests ignore it
 * (the sandbox issue, #7, completes the set).
 */
public enum SandboxScenario {
    SUCCESS,
    INSUFFICIENT_FUNDS,
    PAYOUT_FAILED,
    KYC_PENDING,
    RATE_LIMITED,
    SLOW_RESPONSE;

    public static final String HEADER = "X-Sandbox-Scenario";

    /** The scenario in force: success without the header or outside the sandbox; an unknown value is a 400. */
    public static SandboxScenario of(String header, Mode mode) {
        if (header == null || mode != Mode.SANDBOX) {
            return SUCCESS;
        }
        return ApiEnums.parse(SandboxScenario.class, HEADER, header);
    }
}
