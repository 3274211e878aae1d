package io.payouts.client.webhooks;

/** A delivery whose signature header is missing, malformed, too old or does not match: answer it 400, not 2xx. */
public final class SignatureVerificationException extends Exception {

    public SignatureVerificationException(String message) {
        super(message);
    }
}
