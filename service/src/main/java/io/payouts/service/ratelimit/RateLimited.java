package io.payouts.service.ratelimit;

/**
 * A principal with a rate-limit bucket of its own; callers without one are limited per client address
 * (ADR-0008).
 */
public interface RateLimited {

    /**
     * The bucket this caller's requests draw from, such as {@code key:key_123} or {@code session:<token hash>}. It
     * is stored in plain text as part of a row id of at most 200 characters, so it stays well under 150 characters
     * and never carries a secret.
     */
    String bucketKey();
}
