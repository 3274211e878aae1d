package io.payouts.shared.payout;

import io.payouts.shared.PayoutScoped;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;

/** The rail (or an inbound webhook) reports the money arrived: the reservation is debited for good. */
public record CompletePayoutCommand(@TargetAggregateIdentifier PayoutId payoutId, Instant completedAt) implements PayoutScoped {
}
