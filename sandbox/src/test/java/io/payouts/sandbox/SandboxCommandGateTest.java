package io.payouts.sandbox;

import io.payouts.shared.MetadataKeys;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.DeactivateDriverCommand;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.AdmitPayoutsCommand;
import io.payouts.shared.payout.CompletePayoutCommand;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.wallet.WalletId;
import org.axonframework.commandhandling.CommandMessage;
import org.axonframework.commandhandling.GenericCommandMessage;
import org.axonframework.messaging.MetaData;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Which commands belong to the sandbox and so must take the reset lock (ADR-0015). */
class SandboxCommandGateTest {

    private static final Instant NOW = Instant.parse("2026-11-21T12:00:00Z");
    private static final PayoutId PAYOUT = new PayoutId("pay_" + "a".repeat(32));
    private static final DriverId DRIVER = new DriverId("drv_" + "b".repeat(32));

    @Test
    void theModeInTheMetadataDecides() {
        assertThat(SandboxCommandGate.isSandbox(withMode(new CompletePayoutCommand(PAYOUT, NOW), "sandbox"))).isTrue();
        assertThat(SandboxCommandGate.isSandbox(withMode(new CompletePayoutCommand(PAYOUT, NOW), "production")))
                .isFalse();
        assertThat(SandboxCommandGate.isSandbox(withMode(new DeactivateDriverCommand(DRIVER, Mode.SANDBOX, NOW),
                "production"))).as("metadata first").isFalse();
    }

    @Test
    void withoutMetadataTheModeOrWalletInThePayloadDecides() {
        assertThat(SandboxCommandGate.isSandbox(plain(new DeactivateDriverCommand(DRIVER, Mode.SANDBOX, NOW))))
                .isTrue();
        assertThat(SandboxCommandGate.isSandbox(plain(new DeactivateDriverCommand(DRIVER, Mode.PRODUCTION, NOW))))
                .isFalse();
        assertThat(SandboxCommandGate.isSandbox(plain(new AdmitPayoutsCommand(WalletId.of(Mode.SANDBOX), List.of(),
                List.of(), NOW)))).as("an admission batch names only its wallet").isTrue();
        assertThat(SandboxCommandGate.isSandbox(plain(new AdmitPayoutsCommand(WalletId.of(Mode.PRODUCTION),
                List.of(), List.of(), NOW)))).isFalse();
    }

    @Test
    void aCommandNamingNoModeTakesNoLock() {
        assertThat(SandboxCommandGate.isSandbox(plain(new CompletePayoutCommand(PAYOUT, NOW)))).isFalse();
    }

    private static CommandMessage<?> withMode(Object command, String mode) {
        return GenericCommandMessage.asCommandMessage(command).andMetaData(MetaData.from(Map.of(MetadataKeys.MODE, mode)));
    }

    private static CommandMessage<?> plain(Object command) {
        return GenericCommandMessage.asCommandMessage(command);
    }
}
