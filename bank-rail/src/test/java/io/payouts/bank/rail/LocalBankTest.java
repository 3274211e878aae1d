package io.payouts.bank.rail;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LocalBankTest {

    @Test
    void readsTheSimulatedBanksRulesFromAccountAndReasonPairs() {
        assertThat(LocalBank.rules(List.of("0000066666:AC01"), List.of("0000044444:AC04")).rejectedAccounts())
                .containsEntry("0000066666", "AC01");
        assertThat(LocalBank.rules(List.of(), List.of("0000044444:AC04")).returnedAccounts())
                .containsEntry("0000044444", "AC04");
    }

    @Test
    void namesTheSettingOfARuleItCannotRead() {
        assertThatThrownBy(() -> LocalBank.rules(List.of("0000066666"), List.of()))
                .hasMessageContaining("payouts.bank.simulator.reject-accounts");
        assertThatThrownBy(() -> LocalBank.rules(List.of(), List.of("0000044444:closed")))
                .hasMessageContaining("payouts.bank.simulator.return-accounts");
    }
}
