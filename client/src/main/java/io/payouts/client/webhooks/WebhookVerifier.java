package io.payouts.client.webhooks;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Checks a webhook delivery and reads its event, for a receiver (the counterpart of Stripe's
 * {@code Webhook.constructEvent}). The header ({@code X-Webhook-Signature}, or {@code X-Signature}) reads
 * {@code t=<unix seconds>,v1=<hex>[,v1=<hex>…]}; each hex is the HMAC-SHA256, keyed with the whsec_… secret, of
 * {@code "t=<t>." + rawBody}. Pass the body exactly as received: re-serialized JSON does not verify.
 * <pre>{@code
 * WebhookEvent event = WebhookVerifier.constructEvent(rawBody, request.getHeader("X-Webhook-Signature"), secret);
 * }</pre>
 * Written from the published scheme, apart from the service's own code, so that a receiver takes nothing of the
 * server (ADR-0021); the README's test vectors hold for both.
 */
public final class WebhookVerifier {

    public static final String HEADER = "X-Webhook-Signature";
    public static final Duration DEFAULT_TOLERANCE = Duration.ofMinutes(5);

    private static final ObjectMapper JSON = new ObjectMapper().registerModule(new JavaTimeModule())
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private WebhookVerifier() {
    }

    /** Verifies with the 5-minute tolerance and the system clock, and reads the event. */
    public static WebhookEvent constructEvent(String rawBody, String signatureHeader, String secret)
            throws SignatureVerificationException {
        return constructEvent(rawBody, signatureHeader, secret, DEFAULT_TOLERANCE, Clock.systemUTC());
    }

    public static WebhookEvent constructEvent(String rawBody, String signatureHeader, String secret,
                                              Duration tolerance, Clock clock) throws SignatureVerificationException {
        verify(rawBody, signatureHeader, secret, tolerance, clock);
        try {
            return JSON.readValue(rawBody, WebhookEvent.class);
        } catch (IOException e) {
            throw new SignatureVerificationException("the signed body is not a webhook event: " + e.getMessage());
        }
    }

    /**
     * Accepts when {@code t} is within {@code tolerance} of the clock and any v1 equals the expected signature,
     * compared in constant time; during a secret rotation the header carries one v1 per secret.
     */
    public static void verify(String rawBody, String signatureHeader, String secret, Duration tolerance, Clock clock)
            throws SignatureVerificationException {
        if (signatureHeader == null || signatureHeader.isBlank()) {
            throw new SignatureVerificationException("no signature header");
        }
        String timestamp = null;
        List<String> signatures = new ArrayList<>();
        for (String element : signatureHeader.split(",")) {
            String trimmed = element.trim();
            if (trimmed.startsWith("t=") && timestamp == null) {
                timestamp = trimmed.substring(2);
            } else if (trimmed.startsWith("v1=")) {
                signatures.add(trimmed.substring(3));
            }
        }
        if (timestamp == null || signatures.isEmpty() || !timestamp.matches("\\d{1,18}")) {
            throw new SignatureVerificationException("the signature header must read t=<unix seconds>,v1=<hex>");
        }
        if (Math.abs(clock.instant().getEpochSecond() - Long.parseLong(timestamp)) > tolerance.toSeconds()) {
            throw new SignatureVerificationException("the signature is older than the tolerance of " + tolerance);
        }
        byte[] expected = sign(secret, timestamp, rawBody).getBytes(StandardCharsets.US_ASCII);
        boolean matched = false;
        for (String signature : signatures) {
            matched |= MessageDigest.isEqual(expected, signature.getBytes(StandardCharsets.US_ASCII));
        }
        if (!matched) {
            throw new SignatureVerificationException("no v1 signature matches the body and the secret");
        }
    }

    /** The lowercase hex HMAC-SHA256 of {@code "t=" + timestamp + "." + rawBody}, keyed with the secret's bytes. */
    public static String sign(String secret, String timestamp, String rawBody) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(("t=" + timestamp + "." + rawBody)
                    .getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every Java runtime has HmacSHA256", e);
        }
    }
}
