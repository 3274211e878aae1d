package io.payouts.shared.payout;

import io.payouts.shared.PayoutScoped;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;

/**
 * The rail took the payout into its queue: a validated payout, or a retried one (queued again by its retry) that a rail
 * now submits under {@code railReference}. {@code railAdapter} and {@code railReference} are recorded on the event;
 * either may be null.
 */
public record QueuePayoutCommand(@TargetAggregateIdentifier PayoutId payoutId, Instant queuedAt, String railAdapter,
                                 String railReference) implements PayoutScoped {

    public QueuePayoutCommand(PayoutId payoutId, Instant queuedAt) {
        this(payoutId, queuedAt, null, null);
    }
}
