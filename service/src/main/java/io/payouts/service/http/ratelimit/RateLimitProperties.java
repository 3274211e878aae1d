package io.payouts.service.http.ratelimit;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The token bucket every caller gets (decisions.md, Identity and access; ADR-0008).
 *
 * @param capacity         the most requests a caller can make in a burst; a new bucket starts full
 * @param refillPerMinute  tokens added back per minute, spread evenly; also the advertised X-RateLimit-Limit
 */
@ConfigurationProperties("payouts.rate-limit")
public record RateLimitProperties(@DefaultValue("200") long capacity, @DefaultValue("100") long refillPerMinute) {

    public RateLimitProperties {
        if (capacity < 1) {
            throw new IllegalArgumentException("payouts.rate-limit.capacity must be at least 1, was " + capacity);
        }
        if (refillPerMinute < 1) {
            throw new IllegalArgumentException(
                    "payouts.rate-limit.refill-per-minute must be at least 1, was " + refillPerMinute);
        }
    }
}
