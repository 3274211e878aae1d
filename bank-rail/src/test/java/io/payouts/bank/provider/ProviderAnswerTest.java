package io.payouts.bank.provider;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

class ProviderAnswerTest {

    @Test
    void aTwoHundredIsTakenWithTheProvidersIdWhenItNamesOne() {
        assertThat(ProviderAnswer.of(201, "{\"id\":\"po_123\",\"status\":\"pending\"}"))
                .isEqualTo(new ProviderAnswer.Accepted(201, "po_123"));
        assertThat(ProviderAnswer.of(200, "")).isEqualTo(new ProviderAnswer.Accepted(200, null));
        assertThat(ProviderAnswer.of(202, "accepted")).isEqualTo(new ProviderAnswer.Accepted(202, null));
    }

    @Test
    void aFourHundredRefusesWithTheProvidersMessageInTheShapesProvidersUse() {
        assertThat(refusal(400, "{\"message\":\"account closed\"}")).isEqualTo("account closed");
        assertThat(refusal(422, "{\"error\":{\"code\":\"R02\",\"message\":\"account closed\"}}"))
                .isEqualTo("account closed");
        assertThat(refusal(400, "{\"error\":\"invalid_routing_number\"}")).isEqualTo("invalid_routing_number");
        assertThat(refusal(400, "{\"type\":\"about:blank\",\"title\":\"Bad Request\",\"detail\":\"amount too large\"}"))
                .isEqualTo("amount too large");
        assertThat(refusal(403, "payee is blocked")).isEqualTo("payee is blocked");
    }

    @Test
    void aRefusalThatSaysNothingNamesItsStatus() {
        assertThat(refusal(400, "")).isEqualTo("the payment provider refused the payout (HTTP 400)");
        assertThat(refusal(404, "{\"code\":17}")).isEqualTo("the payment provider refused the payout (HTTP 404)");
        assertThat(refusal(400, "<html><body>Bad Request</body></html>"))
                .isEqualTo("the payment provider refused the payout (HTTP 400)");
    }

    @Test
    void aRefusalsMessageIsOneLineOfAtMostThreeHundredCharacters() {
        assertThat(refusal(400, "{\"message\":\"account\\u0000 closed\\n\\tby the bank\"}"))
                .isEqualTo("account closed by the bank");
        assertThat(refusal(400, "{\"message\":\"" + "x".repeat(1_000) + "\"}")).hasSize(300);
    }

    @ParameterizedTest
    @ValueSource(ints = {500, 502, 503, 504, 408, 409, 425, 429, 301, 302, 100})
    void aServerErrorAThrottleOrARedirectIsNoAnswerAndGoesAgain(int status) {
        assertThat(ProviderAnswer.of(status, "{\"message\":\"try later\"}")).isInstanceOf(ProviderAnswer.NoAnswer.class)
                .extracting(answer -> ((ProviderAnswer.NoAnswer) answer).error()).asString()
                .startsWith("the provider answered " + status);
    }

    private static String refusal(int status, String body) {
        ProviderAnswer answer = ProviderAnswer.of(status, body);
        assertThat(answer).isInstanceOf(ProviderAnswer.Refused.class);
        return ((ProviderAnswer.Refused) answer).message();
    }
}
