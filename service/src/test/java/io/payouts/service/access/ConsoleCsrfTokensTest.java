package io.payouts.service.access;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The console's CSRF token follows from its session token and gives nothing of it away (ADR-0020). */
class ConsoleCsrfTokensTest {

    @Test
    void aSessionHasOneTokenAndAnotherSessionAnother() {
        String session = Secrets.newToken("sess_");

        assertThat(ConsoleCsrfTokens.of(session)).isEqualTo(ConsoleCsrfTokens.of(session))
                .isNotEqualTo(ConsoleCsrfTokens.of(Secrets.newToken("sess_")));
    }

    @Test
    void theTokenIsUrlSafeAndHoldsNoPartOfTheSessionToken() {
        String session = Secrets.newToken("sess_");

        String token = ConsoleCsrfTokens.of(session);

        assertThat(token).matches("[A-Za-z0-9_-]{43}").doesNotContain(session.substring(5, 15));
    }
}
