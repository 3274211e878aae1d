package io.payouts.service.http.idempotency;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.boot.context.properties.bind.Name;

import java.time.Duration;

/**
 * How idempotency keys behave (decisions.md, Identity and access; ADR-0010).
 *
 * @param ttl                how long a key keeps its first response; afterwards it may be used for a new request
 * @param maxWait            {@code payouts.idempotency.wait}: how long a request waits for the first request with its
 *                           key to finish before a 409
 * @param inProgressTimeout  a first request running longer than this is taken to have died mid-flight: its outcome
 *                           is unknown, and requests with its key get a 409 at once instead of waiting
 */
@ConfigurationProperties("payouts.idempotency")
public record IdempotencyProperties(@DefaultValue("24h") Duration ttl,
                                    @Name("wait") @DefaultValue("10s") Duration maxWait,
                                    @DefaultValue("60s") Duration inProgressTimeout) {

    public IdempotencyProperties {
        requirePositive("ttl", ttl);
        requirePositive("in-progress-timeout", inProgressTimeout);
        if (maxWait.isNegative()) {
            throw new IllegalArgumentException("payouts.idempotency.wait must not be negative, was " + maxWait);
        }
    }

    private static void requirePositive(String name, Duration value) {
        if (value.isZero() || value.isNegative()) {
            throw new IllegalArgumentException("payouts.idempotency." + name + " must be positive, was " + value);
        }
    }
}
