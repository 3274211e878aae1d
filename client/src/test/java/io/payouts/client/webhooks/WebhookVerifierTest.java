package io.payouts.client.webhooks;

import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The README's test vectors ("Verifying webhook signatures"), as a receiver meets them. */
class WebhookVerifierTest {

    static final String SECRET = "whsec_5f2b1c0e8a7d4e6f9b3a2c1d0e9f8a7b";
    static final String PREVIOUS_SECRET = "whsec_00000000000000000000000000000000";
    static final Clock AT = Clock.fixed(Instant.ofEpochSecond(1767225600), ZoneOffset.UTC);
    static final String BODY = "{\"id\":\"evt_0123456789abcdef0123456789abcdef\",\"type\":\"payout.succeeded\","
            + "\"data\":{\"payoutId\":\"pay_0123456789abcdef0123456789abcdef\","
            + "\"driverId\":\"drv_fedcba9876543210fedcba9876543210\",\"amount\":12500,\"status\":\"succeeded\","
            + "\"completedAt\":\"2026-01-01T00:00:00Z\"},\"timestamp\":\"2026-01-01T00:00:00Z\"}";
    static final String HEADER = "t=1767225600,v1=d7e4c4d76181474a6e3def20bd160f6f08987ac6b037cd3414e367db35b1a483";
    static final String ROTATING = HEADER + ",v1=f7d2ab7f1ca18fc030ce86b37e68fc107b275dee1f3713237dc3d3a3e0930aed";

    @Test
    void readsTheEventOfAValidDelivery() throws Exception {
        WebhookEvent event = WebhookVerifier.constructEvent(BODY, HEADER, SECRET, Duration.ofMinutes(5), AT);

        assertThat(event.id()).isEqualTo("evt_0123456789abcdef0123456789abcdef");
        assertThat(event.type()).isEqualTo("payout.succeeded");
        assertThat(event.data().path("amount").asLong()).isEqualTo(12500);
        assertThat(event.timestamp()).isEqualTo(Instant.parse("2026-01-01T00:00:00Z"));
    }

    @Test
    void signsTheMinimalVector() {
        assertThat(WebhookVerifier.sign("whsec_test", "1700000000", "{}"))
                .isEqualTo("d90bdc659b3de57e7187c7b2d9c73b8fc2a5ad1557a2933ff9c650ae4d71d309");
    }

    @Test
    void acceptsEitherSecretDuringARotation() throws Exception {
        WebhookVerifier.verify(BODY, ROTATING, SECRET, Duration.ofMinutes(5), AT);
        WebhookVerifier.verify(BODY, ROTATING, PREVIOUS_SECRET, Duration.ofMinutes(5), AT);
    }

    @Test
    void refusesAChangedBodyAnotherSecretAStaleTimestampAndAMalformedHeader() {
        assertThatThrownBy(() -> WebhookVerifier.verify(BODY.replace("12500", "12501"), HEADER, SECRET,
                Duration.ofMinutes(5), AT)).isInstanceOf(SignatureVerificationException.class);
        assertThatThrownBy(() -> WebhookVerifier.verify(BODY, HEADER, "whsec_other", Duration.ofMinutes(5), AT))
                .isInstanceOf(SignatureVerificationException.class);
        assertThatThrownBy(() -> WebhookVerifier.verify(BODY, HEADER, SECRET, Duration.ofMinutes(5),
                Clock.offset(AT, Duration.ofSeconds(301)))).hasMessageContaining("older");
        assertThatThrownBy(() -> WebhookVerifier.verify(BODY, "t=soon,v1=abc", SECRET, Duration.ofMinutes(5), AT))
                .hasMessageContaining("must read");
        assertThatThrownBy(() -> WebhookVerifier.verify(BODY, null, SECRET, Duration.ofMinutes(5), AT))
                .hasMessageContaining("no signature");
    }
}
