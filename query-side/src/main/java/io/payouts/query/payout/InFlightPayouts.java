package io.payouts.query.payout;

import io.payouts.shared.Mode;
import io.payouts.shared.payout.PayoutStatus;
import org.springframework.stereotype.Component;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;

/** Money that payouts not yet completed will take out of the wallet, as the payout read model shows it. */
@Component
public class InFlightPayouts {

    static final Set<PayoutStatus> IN_FLIGHT = EnumSet.copyOf(
            Arrays.stream(PayoutStatus.values()).filter(PayoutStatus::inFlight).toList());

    private final PayoutRows payouts;

    InFlightPayouts(PayoutRows payouts) {
        this.payouts = payouts;
    }

    /** The sum of the amounts of the mode's validated, queued and processing payouts, in cents. */
    public long amount(Mode mode) {
        return payouts.sumOfAmounts(mode, IN_FLIGHT);
    }
}
