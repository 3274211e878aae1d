package io.payouts.platform.signing;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The published test vectors of the README ("Verifying webhook signatures"), computed independently. */
class WebhookSignatureTest {

    static final String SECRET = "whsec_5f2b1c0e8a7d4e6f9b3a2c1d0e9f8a7b";
    static final String PREVIOUS_SECRET = "whsec_00000000000000000000000000000000";
    static final Instant AT = Instant.ofEpochSecond(1767225600);
    static final String BODY = "{\"id\":\"evt_0123456789abcdef0123456789abcdef\",\"type\":\"payout.succeeded\","
            + "\"data\":{\"payoutId\":\"pay_0123456789abcdef0123456789abcdef\","
            + "\"driverId\":\"drv_fedcba9876543210fedcba9876543210\",\"amount\":12500,\"status\":\"succeeded\","
            + "\"completedAt\":\"2026-01-01T00:00:00Z\"},\"timestamp\":\"2026-01-01T00:00:00Z\"}";
    static final String EXPECTED = "t=1767225600,v1=d7e4c4d76181474a6e3def20bd160f6f08987ac6b037cd3414e367db35b1a483";
    static final String EXPECTED_DURING_ROTATION = EXPECTED
            + ",v1=f7d2ab7f1ca18fc030ce86b37e68fc107b275dee1f3713237dc3d3a3e0930aed";

    @Test
    void signsThePublishedVector() {
        assertThat(WebhookSignature.header(AT, BODY, List.of(SECRET))).isEqualTo(EXPECTED);
    }

    @Test
    void signsTheMinimalVector() {
        assertThat(WebhookSignature.header(Instant.ofEpochSecond(1700000000), "{}", List.of("whsec_test")))
                .isEqualTo("t=1700000000,v1=d90bdc659b3de57e7187c7b2d9c73b8fc2a5ad1557a2933ff9c650ae4d71d309");
    }

    @Test
    void carriesOneSignaturePerSecretDuringARotationNewestFirst() {
        assertThat(WebhookSignature.header(AT, BODY, List.of(SECRET, PREVIOUS_SECRET)))
                .isEqualTo(EXPECTED_DURING_ROTATION);
    }

    @Test
    void verifiesThePublishedVectorWithEitherSecretDuringARotation() {
        assertThat(verify(EXPECTED_DURING_ROTATION, BODY, SECRET, AT)).isEqualTo(WebhookSignature.Verification.VALID);
        assertThat(verify(EXPECTED_DURING_ROTATION, BODY, PREVIOUS_SECRET, AT))
                .isEqualTo(WebhookSignature.Verification.VALID);
    }

    @Test
    void refusesAChangedBodyOrAnotherSecret() {
        assertThat(verify(EXPECTED, BODY.replace("12500", "12501"), SECRET, AT))
                .isEqualTo(WebhookSignature.Verification.MISMATCH);
        assertThat(verify(EXPECTED, BODY, "whsec_other", AT)).isEqualTo(WebhookSignature.Verification.MISMATCH);
    }

    @Test
    void refusesATimestampMoreThanFiveMinutesAway() {
        assertThat(verify(EXPECTED, BODY, SECRET, AT.plusSeconds(301))).isEqualTo(WebhookSignature.Verification.STALE);
        assertThat(verify(EXPECTED, BODY, SECRET, AT.minusSeconds(301))).isEqualTo(WebhookSignature.Verification.STALE);
        assertThat(verify(EXPECTED, BODY, SECRET, AT.plusSeconds(300))).isEqualTo(WebhookSignature.Verification.VALID);
    }

    @Test
    void refusesMissingAndMalformedHeaders() {
        assertThat(verify(null, BODY, SECRET, AT)).isEqualTo(WebhookSignature.Verification.MISSING);
        assertThat(verify("v1=abc", BODY, SECRET, AT)).isEqualTo(WebhookSignature.Verification.MALFORMED);
        assertThat(verify("t=soon,v1=abc", BODY, SECRET, AT)).isEqualTo(WebhookSignature.Verification.MALFORMED);
        assertThat(verify("t=1767225600", BODY, SECRET, AT)).isEqualTo(WebhookSignature.Verification.MALFORMED);
    }

    private static WebhookSignature.Verification verify(String header, String body, String secret, Instant now) {
        return WebhookSignature.verify(header, body.getBytes(StandardCharsets.UTF_8), secret, now,
                Duration.ofMinutes(5));
    }
}
