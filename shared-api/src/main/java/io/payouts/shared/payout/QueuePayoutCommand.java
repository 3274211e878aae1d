package io.payouts.shared.payout;

import io.payouts.shared.PayoutScoped;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;

/** The rail took a validated payout into its queue. */
public record QueuePayoutCommand(@TargetAggregateIdentifier PayoutId payoutId, Instant queuedAt) implements PayoutScoped {
}
