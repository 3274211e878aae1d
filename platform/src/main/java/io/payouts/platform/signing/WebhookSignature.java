package io.payouts.platform.signing;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * The webhook signature of the spec (Authentication, rule 10): {@code t=<unix seconds>,v1=<hex>[,v1=<hex>...]},
 * each hex the lowercase HMAC-SHA256, keyed with a signing secret, of {@code "t=<unix seconds>" + "." + rawBody}.
 * One v1 element per secret, so that after a rotation a receiver verifies with either its old or its new secret.
 * Outbound webhooks and the inbound webhook use it, and so does the payment provider's rail for its requests
 * (ADR-0036), so a receiver verifies all of them with the same code.
 */
public final class WebhookSignature {

    /** The header names of the spec; both carry the same value. */
    public static final String HEADER = "X-Webhook-Signature";
    public static final String ALTERNATE_HEADER = "X-Signature";

    private static final String HMAC = "HmacSHA256";

    private WebhookSignature() {
    }

    /** The header value for {@code body} sent at {@code at}, with one v1 element per secret, in the given order. */
    public static String header(Instant at, String body, List<String> secrets) {
        if (secrets.isEmpty()) {
            throw new IllegalArgumentException("a signature needs at least one secret");
        }
        long timestamp = at.getEpochSecond();
        StringBuilder header = new StringBuilder("t=").append(timestamp);
        for (String secret : secrets) {
            header.append(",v1=").append(hex(secret, timestamp, body));
        }
        return header.toString();
    }

    /** The lowercase hex HMAC-SHA256 of {@code "t=<timestamp>." + body} keyed with {@code secret}. */
    public static String hex(String secret, long timestamp, String body) {
        try {
            Mac mac = Mac.getInstance(HMAC);
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), HMAC));
            mac.update(("t=" + timestamp + ".").getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(mac.doFinal(body.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every Java runtime has HmacSHA256", e);
        }
    }

    /**
     * Checks a received header against {@code secret}: a well-formed header, a timestamp no further than
     * {@code tolerance} from {@code now}, and a v1 element equal (compared in constant time) to the expected one.
     */
    public static Verification verify(String header, byte[] body, String secret, Instant now, Duration tolerance) {
        if (header == null || header.isBlank()) {
            return Verification.MISSING;
        }
        Long timestamp = null;
        List<String> signatures = new ArrayList<>();
        for (String element : header.split(",")) {
            String trimmed = element.trim();
            if (trimmed.startsWith("t=") && timestamp == null) {
                try {
                    timestamp = Long.parseLong(trimmed.substring(2));
                } catch (NumberFormatException e) {
                    return Verification.MALFORMED;
                }
            } else if (trimmed.startsWith("v1=")) {
                signatures.add(trimmed.substring(3));
            }
        }
        if (timestamp == null || signatures.isEmpty()) {
            return Verification.MALFORMED;
        }
        if (Math.abs(now.getEpochSecond() - timestamp) > tolerance.toSeconds()) {
            return Verification.STALE;
        }
        byte[] expected = hex(secret, timestamp, new String(body, StandardCharsets.UTF_8))
                .getBytes(StandardCharsets.US_ASCII);
        boolean matched = false;
        for (String signature : signatures) {
            // every element is compared, so the time taken does not tell which one matched
            matched |= MessageDigest.isEqual(expected, signature.getBytes(StandardCharsets.US_ASCII));
        }
        return matched ? Verification.VALID : Verification.MISMATCH;
    }

    /** The outcome of {@link #verify}; only {@link #VALID} accepts the request. */
    public enum Verification {
        VALID("valid"),
        MISSING("no signature header: send X-Webhook-Signature or X-Signature"),
        MALFORMED("the signature header must read t=<unix seconds>,v1=<hex>"),
        STALE("the signature timestamp is more than 5 minutes away from the service's clock"),
        MISMATCH("the signature does not match the body");

        private final String reason;

        Verification(String reason) {
            this.reason = reason;
        }

        public String reason() {
            return reason;
        }
    }
}
