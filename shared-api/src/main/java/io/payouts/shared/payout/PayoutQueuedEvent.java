package io.payouts.shared.payout;

import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;
import io.payouts.shared.PayoutScoped;
import org.axonframework.serialization.Revision;

import java.time.Instant;

/** The rail queued a validated payout. */
@Revision("1")
public record PayoutQueuedEvent(PayoutId payoutId, Mode mode, Instant queuedAt)
        implements PayoutEvent, ModeScoped, PayoutScoped {
}
