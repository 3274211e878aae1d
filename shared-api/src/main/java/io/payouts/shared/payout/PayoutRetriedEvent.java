package io.payouts.shared.payout;

import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;
import io.payouts.shared.PayoutScoped;
import org.axonframework.serialization.Revision;

import java.time.Instant;

/** A failed payout was queued again after its funds were reserved anew. */
@Revision("1")
public record PayoutRetriedEvent(PayoutId payoutId, Mode mode, long amount, Instant retriedAt)
        implements PayoutEvent, ModeScoped, PayoutScoped {
}
