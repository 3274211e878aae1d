package io.payouts.shared.batch;

/**
 * Every event of a batch's stream, one family for a handler to subscribe to and a fold to cover (as
 * {@code PayoutEvent}); the stored events are unchanged by it.
 */
public sealed interface BatchEvent permits BatchCreatedEvent, BatchPayoutCanceledEvent, BatchReleasedEvent,
        BatchPayoutOutcomeRecordedEvent, BatchPayoutOutcomesRecordedEvent, BatchCompletedEvent,
        BatchAwaitingApprovalEvent, BatchApprovedEvent, BatchRejectedEvent {

    /** The batch whose stream the event belongs to. */
    BatchId batchId();
}
