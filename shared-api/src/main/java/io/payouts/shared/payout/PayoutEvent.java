package io.payouts.shared.payout;

/**
 * Every event of a payout's stream. A handler subscribes to the family once and a fold checks, against the permitted
 * members, that it has a rule for each. Implementing it changes no stored event: the class names, fields and
 * revisions stay as stored.
 */
public sealed interface PayoutEvent permits PayoutRequestedEvent, PayoutRequestedInBatchEvent, PayoutReleasedEvent,
        PayoutQueuedEvent, PayoutProcessingStartedEvent, PayoutCompletedEvent, PayoutFailedEvent, PayoutRetriedEvent,
        PayoutReturnedEvent, PayoutCanceledEvent, PayoutAwaitingApprovalEvent, PayoutApprovedEvent,
        PayoutRejectedEvent {

    /** The payout whose stream the event belongs to. */
    PayoutId payoutId();
}
