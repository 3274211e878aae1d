package io.payouts.service.http.idempotency;

import java.util.Set;

/**
 * Which first responses are kept for replay (ADR-0010). A response is forgotten, and its key free for a corrected
 * retry, only when its status says the request was refused before it ran: bad input, a credential or scope
 * problem, an unknown route or a wrong method or media type, a rate limit. Everything else is kept, business
 * refusals (409, 422) and server errors included: after a 5xx the request may well have executed (a 503 from the
 * read-your-writes wait means the write stands), and with money a second execution is worse than a refused retry.
 */
final class ResponseRetention {

    private static final Set<Integer> REFUSED_BEFORE_RUNNING = Set.of(400, 401, 403, 404, 405, 406, 413, 415, 429);

    private ResponseRetention() {
    }

    static boolean keeps(int status) {
        return !REFUSED_BEFORE_RUNNING.contains(status);
    }
}
