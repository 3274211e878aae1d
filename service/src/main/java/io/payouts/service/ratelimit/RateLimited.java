package io.payouts.service.ratelimit;

/** A principal with a rate-limit bucket of its own; callers without one are limited per client address. */
public interface RateLimited {

    String bucketKey();
}
