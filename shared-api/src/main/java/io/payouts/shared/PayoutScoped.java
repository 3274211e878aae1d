package io.payouts.shared;

import io.payouts.shared.payout.PayoutId;

/** A message about one payout: every command and event with a {@code payoutId} component implements it. */
public interface PayoutScoped {

    PayoutId payoutId();
}
