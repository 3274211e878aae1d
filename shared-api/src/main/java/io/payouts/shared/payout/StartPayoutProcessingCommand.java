package io.payouts.shared.payout;

import io.payouts.shared.PayoutScoped;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;

/** The rail accepted a queued payout and is moving the money. */
public record StartPayoutProcessingCommand(@TargetAggregateIdentifier PayoutId payoutId, Instant startedAt) implements PayoutScoped {
}
