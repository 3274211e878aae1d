package io.payouts.shared.batch;

import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutStatus;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;

/**
 * Tells a batch where one of its payouts went: completed, failed, canceled, or queued again by a retry. Sent by
 * the batch's saga; the same outcome told twice changes nothing.
 */
public record RecordBatchPayoutOutcomeCommand(@TargetAggregateIdentifier BatchId batchId, PayoutId payoutId,
                                              PayoutStatus outcome, Instant at) {
}
