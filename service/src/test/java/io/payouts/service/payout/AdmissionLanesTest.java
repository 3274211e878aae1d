package io.payouts.service.payout;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.payouts.platform.commands.Commands;
import io.payouts.platform.commands.Origin;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.AdmissionOutcome;
import io.payouts.shared.payout.AdmitPayoutsCommand;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutRequest;
import io.payouts.shared.payout.Rail;
import io.payouts.shared.wallet.WalletId;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

/** The admission lane of a wallet (ADR-0011), with the command bus replaced. */
class AdmissionLanesTest {

    private static final Instant NOW = Instant.parse("2026-11-24T09:00:00Z");
    private static final WalletId WALLET = WalletId.of(Mode.SANDBOX);

    private final Commands commands = mock(Commands.class);
    private final AdmissionLanes admissions = new AdmissionLanes(commands, Clock.fixed(NOW, ZoneOffset.UTC),
            new SimpleMeterRegistry(), 500, Duration.ofSeconds(5));

    @AfterEach
    void stop() {
        admissions.stop();
    }

    @Test
    void aLibrarysErrorFailsItsBatchAsUnavailableAndTheLaneAdmitsTheNextOne() {
        PayoutId first = payoutId(1);
        PayoutId second = payoutId(2);
        when(commands.send(any(AdmitPayoutsCommand.class), eq(Origin.NONE)))
                .thenThrow(new AssertionError("a driver's assertion on a cut connection"))
                .thenReturn(new AdmissionOutcome.Outcomes(List.of(AdmissionOutcome.admitted(second, "Ada", NOW))));
        admissions.start();

        assertThatThrownBy(() -> admissions.admit(WALLET, List.of(request(first)), List.of()))
                .isInstanceOf(AdmissionLanes.AdmissionUnavailableException.class);
        assertThat(admissions.admit(WALLET, List.of(request(second)), List.of()))
                .containsExactly(AdmissionOutcome.admitted(second, "Ada", NOW));
    }

    private static PayoutId payoutId(int n) {
        return new PayoutId(PayoutId.PREFIX + "%032x".formatted(n));
    }

    private static PayoutRequest request(PayoutId payoutId) {
        return new PayoutRequest(payoutId, Mode.SANDBOX, new DriverId(DriverId.PREFIX + "%032x".formatted(7)), 100,
                0, Rail.STANDARD, "week 3", null, null, null, "req_1", "key_dispatch", NOW);
    }
}
