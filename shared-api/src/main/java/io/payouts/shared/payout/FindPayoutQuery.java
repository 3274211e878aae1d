package io.payouts.shared.payout;

import io.payouts.shared.Mode;

/** One payout of the caller's mode; {@code minVersion} as in read-your-writes (ADR-0005), -1 for now. */
public record FindPayoutQuery(Mode mode, PayoutId payoutId, long minVersion) {

    public static FindPayoutQuery current(Mode mode, PayoutId payoutId) {
        return new FindPayoutQuery(mode, payoutId, -1);
    }
}
