/**
 * A token bucket per API key, session or client address, with the X-RateLimit headers and 429 (ADR-0008).
 */
package io.payouts.service.http.ratelimit;
