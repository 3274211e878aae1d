package io.payouts.shared.payout;

import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;
import io.payouts.shared.PayoutScoped;
import org.axonframework.serialization.Revision;

import java.time.Instant;

/** The rail is moving the money. */
@Revision("1")
public record PayoutProcessingStartedEvent(PayoutId payoutId, Mode mode, Instant startedAt)
        implements PayoutEvent, ModeScoped, PayoutScoped {
}
