package io.payouts.sandbox;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

import java.time.Duration;

/**
 * The sandbox's timings (ADR-0015).
 *
 * @param slowResponseDelay      what X-Sandbox-Scenario: slow_response adds to a request (the spec's 2 seconds)
 * @param kycVerificationDelay   how long after registration a sandbox driver's KYC is verified automatically
 * @param pollInterval           how often due automatic verifications are looked for
 * @param resetTimeout           how long a reset waits for the event processors to catch up before giving up, and
 *                               how long it takes at most to answer (a large sandbox still being cleared: 202)
 * @param resetKeepsEvents       a reset keeps the sandbox's events and discards its aggregates, as it always does with
 *                               Axon Server, also with the events in PostgreSQL (ADR-0015)
 */
@ConfigurationProperties("payouts.sandbox")
public record SandboxProperties(@DefaultValue("2s") Duration slowResponseDelay,
                                @DefaultValue("1s") Duration kycVerificationDelay,
                                @DefaultValue("250ms") Duration pollInterval,
                                @DefaultValue("30s") Duration resetTimeout,
                                @DefaultValue("false") boolean resetKeepsEvents) {
}
