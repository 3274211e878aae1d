package io.payouts.webhook.delivery;

import io.payouts.shared.batch.BatchApprovedEvent;
import io.payouts.shared.batch.BatchAwaitingApprovalEvent;
import io.payouts.shared.batch.BatchCompletedEvent;
import io.payouts.shared.batch.BatchRejectedEvent;
import io.payouts.shared.batch.BatchReleasedEvent;
import io.payouts.shared.payout.PayoutApprovedEvent;
import io.payouts.shared.payout.PayoutAwaitingApprovalEvent;
import io.payouts.shared.payout.PayoutCanceledEvent;
import io.payouts.shared.payout.PayoutRejectedEvent;
import io.payouts.shared.payout.PayoutCompletedEvent;
import io.payouts.shared.payout.PayoutFailedEvent;
import io.payouts.shared.payout.PayoutRequestedEvent;
import io.payouts.shared.payout.PayoutRequestedInBatchEvent;
import io.payouts.shared.payout.PayoutReturnedEvent;
import io.payouts.shared.wallet.BalanceFellBelowThresholdEvent;
import io.payouts.shared.wallet.BalanceRecoveredEvent;
import io.payouts.shared.wallet.FundingShortfallProjectedEvent;

import java.util.Optional;

/**
 * What a domain event tells webhook receivers, for readers other than the delivery creator: the events API shows an
 * event with the same type and data its webhook carried (ADR-0027), so a receiver that missed one can fetch it.
 */
public final class WebhookRenderings {

    private WebhookRenderings() {
    }

    /** The webhook event a domain event makes; empty for an event no webhook announces. */
    public static Optional<WebhookEvent> of(Object event) {
        if (event instanceof PayoutRequestedEvent requested) {
            return Optional.of(WebhookPayloads.payoutCreated(requested));
        }
        if (event instanceof PayoutRequestedInBatchEvent requested) {
            return Optional.of(WebhookPayloads.payoutCreatedInBatch(requested));
        }
        if (event instanceof BatchReleasedEvent released) {
            return Optional.of(WebhookPayloads.batchReleased(released));
        }
        if (event instanceof BatchCompletedEvent completed) {
            return Optional.of(WebhookPayloads.batchCompleted(completed));
        }
        if (event instanceof PayoutCompletedEvent completed) {
            return Optional.of(WebhookPayloads.payoutSucceeded(completed));
        }
        if (event instanceof PayoutFailedEvent failed) {
            return Optional.of(WebhookPayloads.payoutFailed(failed));
        }
        if (event instanceof PayoutReturnedEvent returned) {
            return Optional.of(WebhookPayloads.payoutReturned(returned));
        }
        if (event instanceof PayoutCanceledEvent canceled) {
            return Optional.of(WebhookPayloads.payoutCancelled(canceled));
        }
        if (event instanceof BalanceFellBelowThresholdEvent low) {
            return Optional.of(WebhookPayloads.balanceLow(low));
        }
        if (event instanceof BalanceRecoveredEvent recovered) {
            return Optional.of(WebhookPayloads.balanceRecovered(recovered));
        }
        if (event instanceof FundingShortfallProjectedEvent shortfall) {
            return Optional.of(WebhookPayloads.shortfallProjected(shortfall));
        }
        return approval(event);
    }

    /** The approvals' events (ADR-0046). */
    private static Optional<WebhookEvent> approval(Object event) {
        if (event instanceof PayoutAwaitingApprovalEvent waiting) {
            return Optional.of(WebhookPayloads.payoutApprovalRequired(waiting));
        }
        if (event instanceof PayoutApprovedEvent approved) {
            return Optional.of(WebhookPayloads.payoutApproved(approved));
        }
        if (event instanceof PayoutRejectedEvent rejected) {
            return Optional.of(WebhookPayloads.payoutRejected(rejected));
        }
        if (event instanceof BatchAwaitingApprovalEvent waiting) {
            return Optional.of(WebhookPayloads.batchApprovalRequired(waiting));
        }
        if (event instanceof BatchApprovedEvent approved) {
            return Optional.of(WebhookPayloads.batchApproved(approved));
        }
        if (event instanceof BatchRejectedEvent rejected) {
            return Optional.of(WebhookPayloads.batchRejected(rejected));
        }
        return Optional.empty();
    }
}
