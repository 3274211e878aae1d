package io.payouts.bank.provider;

import java.util.Set;

/**
 * What one request of an attempt came to, and so what the rail does next (ADR-0036): the provider took it (a 2xx), the
 * provider refused it for good (any other 4xx: the payout fails with the provider's message), or there was no answer
 * that counts (a 5xx, a 408, 409, 425 or 429, a redirect, a timeout, no connection: sent again later under the same
 * key).
 */
sealed interface ProviderAnswer {

    /**
     * 4xx statuses that say "not now" rather than "not this payout": a timeout on the provider's side, the same key
     * still being worked on, too early, too many requests. Failing the payout on them would give its money back while
     * the provider may still pay it.
     */
    Set<Integer> RETRYABLE_CLIENT_ERRORS = Set.of(408, 409, 425, 429);

    /** The provider's answer to a request, by its status and body. */
    static ProviderAnswer of(int status, String body) {
        if (status >= 200 && status < 300) {
            return new Accepted(status, ProviderMessages.reference(body));
        }
        if (status >= 400 && status < 500 && !RETRYABLE_CLIENT_ERRORS.contains(status)) {
            return new Refused(status, ProviderMessages.message(status, body));
        }
        return new NoAnswer("the provider answered " + status + ProviderMessages.detail(body));
    }

    /** The provider took the attempt; {@code reference} is its own id for it, when its answer names one. */
    record Accepted(int status, String reference) implements ProviderAnswer {
    }

    /** The provider refused the attempt for good, saying why. */
    record Refused(int status, String message) implements ProviderAnswer {
    }

    /** No answer that counts, for the reason given: the request goes again. */
    record NoAnswer(String error) implements ProviderAnswer {
    }
}
