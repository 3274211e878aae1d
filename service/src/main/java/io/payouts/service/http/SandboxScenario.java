package io.payouts.service.http;

import io.payouts.shared.Mode;

/**
 * The {@code X-Sandbox-Scenario} header: forces an outcome on any sandbox request (ADR-0015). The
 * {@link SandboxScenarioFilter} reads it once per request; production requests ignore it.
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

    /** The scenario the filter found on the request (already validated); success when none. */
    public static SandboxScenario of(RequestContext context) {
        return context.sandboxScenario() == null ? SUCCESS
                : ApiEnums.parse(SandboxScenario.class, HEADER, context.sandboxScenario());
    }

    public String apiName() {
        return ApiEnums.name(this);
    }
}
