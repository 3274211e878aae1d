package io.payouts.bank.iso20022;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class EndToEndIdsTest {

    private static final String PAYOUT = "pay_0123456789abcdef0123456789abcdef";

    @Test
    void dropsThePrefixAndWritesTheAttemptInBase36() {
        assertThat(EndToEndIds.of(PAYOUT, 0)).isEqualTo("0123456789abcdef0123456789abcdef-0");
        assertThat(EndToEndIds.of(PAYOUT, 35)).isEqualTo("0123456789abcdef0123456789abcdef-z");
        assertThat(EndToEndIds.of(PAYOUT, 36)).isEqualTo("0123456789abcdef0123456789abcdef-10");
    }

    @Test
    void fitsTheLargestAttemptIntoThirtyFiveCharacters() {
        String endToEndId = EndToEndIds.of(PAYOUT, EndToEndIds.MAX_ATTEMPT);

        assertThat(endToEndId).hasSize(35).endsWith("-zz");
    }

    @ParameterizedTest
    @ValueSource(longs = {0, 1, 9, 10, 35, 36, 100, 1000, 1295})
    void mapsEveryAttemptBackToItsPayout(long attempt) {
        assertThat(EndToEndIds.parse(EndToEndIds.of(PAYOUT, attempt)))
                .contains(new PayoutAttempt(PAYOUT, attempt));
    }

    @Test
    void readsAnIdTheBankUpperCased() {
        assertThat(EndToEndIds.parse("0123456789ABCDEF0123456789ABCDEF-1A"))
                .contains(new PayoutAttempt(PAYOUT, 46));
    }

    @ParameterizedTest
    @ValueSource(strings = {"NOTPROVIDED", "", "0123456789abcdef0123456789abcdef", "0123456789abcdef0123456789abcdef-",
            "0123456789abcdef0123456789abcdef-00", "0123456789abcdef0123456789abcdef-01",
            "0123456789abcdef0123456789abcdef-zzz", "0123456789abcdef0123456789abcde-0",
            "pay_0123456789abcdef0123456789abcdef-0", "0123456789abcdeg0123456789abcdef-0"})
    void findsNoPayoutInAnIdItDidNotMake(String endToEndId) {
        assertThat(EndToEndIds.parse(endToEndId)).isEmpty();
    }

    @Test
    void findsNoPayoutInNull() {
        assertThat(EndToEndIds.parse(null)).isEmpty();
    }

    @Test
    void refusesAnAttemptTwoBase36DigitsCannotHold() {
        assertThatThrownBy(() -> EndToEndIds.of(PAYOUT, 1296))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("attempts 0 to 1295");
    }

    @Test
    void refusesSomethingThatIsNotAPayoutId() {
        assertThatThrownBy(() -> EndToEndIds.of("bat_0123456789abcdef0123456789abcdef", 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a payout id");
    }
}
