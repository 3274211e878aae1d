package io.payouts.shared.payout;

import io.payouts.shared.Mode;
import org.axonframework.serialization.Revision;

import java.time.Instant;

/** The rail queued a validated payout. */
@Revision("1")
public record PayoutQueuedEvent(PayoutId payoutId, Mode mode, Instant queuedAt) implements PayoutEvent {
}
