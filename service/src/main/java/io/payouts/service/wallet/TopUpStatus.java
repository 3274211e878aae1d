package io.payouts.service.wallet;

import io.payouts.shared.wallet.TopUp;

/** What a top-up list keeps: those waiting for their money, or those whose money arrived. */
public enum TopUpStatus {
    PENDING(TopUp.PENDING),
    SETTLED(TopUp.SETTLED);

    private final String stored;

    TopUpStatus(String stored) {
        this.stored = stored;
    }

    String stored() {
        return stored;
    }
}
