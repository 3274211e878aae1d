package io.payouts.query.payout;

import io.payouts.shared.Mode;
import io.payouts.shared.payout.PayoutStatus;
import org.junit.jupiter.api.Test;

import java.util.EnumSet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

class InFlightPayoutsTest {

    @Test
    void sumsTheModesValidatedQueuedAndProcessingPayouts() {
        PayoutViewRepository payouts = mock(PayoutViewRepository.class);
        when(payouts.sumAmountByModeAndStatusIn(Mode.SANDBOX,
                EnumSet.of(PayoutStatus.VALIDATED, PayoutStatus.QUEUED, PayoutStatus.PROCESSING))).thenReturn(12_345L);

        assertThat(new InFlightPayouts(payouts).amount(Mode.SANDBOX)).isEqualTo(12_345L);
    }
}
