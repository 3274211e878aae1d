package io.payouts.service.http.idempotency;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class IdempotencyKeysTest {

    @Test
    void acceptsOneToTwoHundredFiftyFivePrintableAsciiCharacters() {
        assertThat(IdempotencyKeys.problemWith("a")).isEmpty();
        assertThat(IdempotencyKeys.problemWith("k".repeat(255))).isEmpty();
        assertThat(IdempotencyKeys.problemWith("order-42:payout_1/retry.2~!\"#$%&'()*+,;<=>?@[\\]^`{|}")).isEmpty();
    }

    @Test
    void refusesEmptyAndTooLongKeys() {
        assertThat(IdempotencyKeys.problemWith("")).contains("must be 1 to 255 printable ASCII characters without spaces");
        assertThat(IdempotencyKeys.problemWith("k".repeat(256))).isPresent();
    }

    @Test
    void refusesSpacesControlCharactersAndNonAscii() {
        assertThat(IdempotencyKeys.problemWith("two words")).isPresent();
        assertThat(IdempotencyKeys.problemWith("tab\there")).isPresent();
        assertThat(IdempotencyKeys.problemWith("del\u007f")).isPresent();
        assertThat(IdempotencyKeys.problemWith("caf\u00e9")).isPresent();
    }
}
