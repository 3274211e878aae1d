package io.payouts.shared;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class MoneyTest {

    @Test
    void describesCentsAsSentAndAsDollars() {
        assertThat(Money.describe(90_000_000)).isEqualTo("90000000 cents ($900,000.00)");
        assertThat(Money.describe(5_229_023)).isEqualTo("5229023 cents ($52,290.23)");
        assertThat(Money.describe(1)).isEqualTo("1 cent ($0.01)");
        assertThat(Money.describe(0)).isEqualTo("0 cents ($0.00)");
    }
}
