package io.payouts.webhook.delivery;

/**
 * What one attempt got: the receiver's status code, or none and an error.
 *
 * @param at when it was sent
 */
record Attempt(java.time.Instant at, Integer statusCode, long durationMillis, String error) {

    boolean succeeded() {
        return statusCode != null && statusCode >= 200 && statusCode < 300;
    }

    /**
     * The receiver is in trouble rather than refusing this one event: no answer, a 5xx, or 429 (slow down). Such an
     * attempt pauses the whole subscription ({@link ReceiverPauses}); a 4xx is about the event and retries only it.
     */
    boolean receiverInTrouble() {
        return statusCode == null || statusCode >= 500 || statusCode == 429;
    }
}
