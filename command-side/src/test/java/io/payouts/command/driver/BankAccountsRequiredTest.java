package io.payouts.command.driver;

import io.payouts.shared.Mode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BankAccountsRequiredTest {

    @Test
    void theSimulatedRailPaysWithoutAccountsInEitherMode() {
        BankAccountsRequired required = new BankAccountsRequired("simulated");

        assertThat(required.in(Mode.PRODUCTION)).isFalse();
        assertThat(required.in(Mode.SANDBOX)).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"iso20022", "http", "ISO20022"})
    void aRailThatSendsMoneyNeedsAccountsInProductionOnly(String rail) {
        BankAccountsRequired required = new BankAccountsRequired(rail);

        assertThat(required.in(Mode.PRODUCTION)).isTrue();
        assertThat(required.in(Mode.SANDBOX)).isFalse();
    }

    @Test
    void refusesToStartWithARailItDoesNotKnow() {
        assertThatThrownBy(() -> new BankAccountsRequired("carrier-pigeon"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("payouts.rail.production")
                .hasMessageContaining("simulated, iso20022 or http");
    }
}
