package io.payouts.shared.payout;

import io.payouts.shared.InvalidFieldException;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RequesterTest {

    @ParameterizedTest
    @ValueSource(strings = {"driver-app", "Zoë Ñúñez (dispatch)", "שלום", "Ana \uD83D\uDE9A", ""})
    void acceptsPlainTextInAnyScript(String requestedBy) {
        assertThat(Requester.problem(requestedBy)).isEmpty();
    }

    @Test
    void acceptsNoOneAndTwoHundredCharacters() {
        assertThat(Requester.problem(null)).isEmpty();
        assertThat(Requester.problem("a".repeat(200))).isEmpty();
    }

    @Test
    void refusesMoreThanTwoHundredCharacters() {
        assertThat(Requester.problem("a".repeat(201))).contains("must be at most 200 characters");
    }

    @ParameterizedTest
    @ValueSource(strings = {"ana\u0000", "ana\u0007", "ana\nbob", "ana\u007f", "ana\u200f", "ana\u202egnp.exe",
            "ana\u2066x\u2069", "ana\u200b", "ana\ufeff", "ana\u2028", "ana\u0085"})
    void refusesControlAndFormattingCharacters(String requestedBy) {
        assertThat(Requester.problem(requestedBy)).contains("must not contain control or formatting characters");
    }

    @Test
    void aPayoutRequestNamingItsRequesterWithAHiddenCharacterCannotBeMade() {
        assertThatThrownBy(() -> new PayoutRequest(new PayoutId("pay_" + "0".repeat(32)), Mode.SANDBOX,
                new DriverId("drv_" + "0".repeat(32)), 100, 0, Rail.STANDARD, null, null, "ana\u202e", null, null,
                null, Instant.parse("2026-01-01T00:00:00Z")))
                .isInstanceOf(InvalidFieldException.class)
                .hasMessage("requestedBy: must not contain control or formatting characters");
    }
}
