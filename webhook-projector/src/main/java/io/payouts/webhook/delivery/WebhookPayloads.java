package io.payouts.webhook.delivery;

import io.payouts.shared.Money;
import io.payouts.shared.batch.BatchApprovedEvent;
import io.payouts.shared.batch.BatchAwaitingApprovalEvent;
import io.payouts.shared.batch.BatchCompletedEvent;
import io.payouts.shared.batch.BatchRejectedEvent;
import io.payouts.shared.batch.BatchReleasedEvent;
import io.payouts.shared.batch.ReleaseTrigger;
import io.payouts.shared.payout.PayoutApprovedEvent;
import io.payouts.shared.payout.PayoutAwaitingApprovalEvent;
import io.payouts.shared.payout.PayoutCanceledEvent;
import io.payouts.shared.payout.PayoutRejectedEvent;
import io.payouts.shared.payout.PayoutCompletedEvent;
import io.payouts.shared.payout.PayoutFailedEvent;
import io.payouts.shared.payout.PayoutRequestedEvent;
import io.payouts.shared.payout.PayoutRequestedInBatchEvent;
import io.payouts.shared.payout.PayoutReturnedEvent;
import io.payouts.shared.payout.Rail;
import io.payouts.shared.wallet.BalanceFellBelowThresholdEvent;
import io.payouts.shared.wallet.BalanceRecoveredEvent;
import io.payouts.shared.wallet.FundingShortfallProjectedEvent;
import io.payouts.webhook.subscription.WebhookEventType;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The data of each webhook event type, one method per domain event (ADR-0014 lists the fields). Amounts are
 * integer cents; times ISO 8601 strings. Each has its handler in {@link DeliveryCreator}.
 */
final class WebhookPayloads {

    private WebhookPayloads() {
    }

    /** {@code requestedBy} only when the request named who asked. */
    static WebhookEvent payoutCreated(PayoutRequestedEvent event) {
        Map<String, Object> data = created(event.payoutId().value(), event.driverId().value(), event.amount(),
                event.fee(), event.netAmount(), event.rail(), event.rail() == Rail.INSTANT ? "processing" : "validated",
                null, event.requestedAt());
        if (event.requestedBy() != null) {
            data.put("requestedBy", event.requestedBy());
        }
        return new WebhookEvent(WebhookEventType.PAYOUT_CREATED, event.mode(), data);
    }

    /** A batch's payout is created pending: nothing is reserved until the batch is released (ADR-0013). */
    static WebhookEvent payoutCreatedInBatch(PayoutRequestedInBatchEvent event) {
        return new WebhookEvent(WebhookEventType.PAYOUT_CREATED, event.mode(), created(event.payoutId().value(),
                event.driverId().value(), event.amount(), event.fee(), event.netAmount(), event.rail(), "pending",
                event.batchId().value(), event.requestedAt()));
    }

    static WebhookEvent batchReleased(BatchReleasedEvent event) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("batchId", event.batchId().value());
        data.put("name", event.name());
        data.put("status", "processing");
        data.put("trigger", event.trigger().name().toLowerCase(Locale.ROOT));
        data.put("payoutCount", event.payoutCount());
        data.put("totalAmount", event.totalAmount());
        data.put("totalFees", event.totalFees());
        data.put("netAmount", event.netAmount());
        data.put(event.trigger() == ReleaseTrigger.RUN ? "processedAt" : "releasedAt", time(event.releasedAt()));
        return new WebhookEvent(WebhookEventType.BATCH_RELEASED, event.mode(), data);
    }

    static WebhookEvent batchCompleted(BatchCompletedEvent event) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("batchId", event.batchId().value());
        data.put("name", event.name());
        data.put("status", event.status().name().toLowerCase(Locale.ROOT));
        data.put("payoutCount", event.payoutCount());
        data.put("totalAmount", event.totalAmount());
        data.put("completedCount", event.completedCount());
        data.put("failedCount", event.failedCount());
        data.put("completedAt", time(event.completedAt()));
        return new WebhookEvent(WebhookEventType.BATCH_COMPLETED, event.mode(), data);
    }

    /** Exactly the spec's fields: payoutId, driverId, amount, status succeeded, completedAt. */
    static WebhookEvent payoutSucceeded(PayoutCompletedEvent event) {
        Map<String, Object> data = payout(event.payoutId().value(), event.driverId().value(), event.amount());
        data.put("status", "succeeded");
        data.put("completedAt", time(event.completedAt()));
        return new WebhookEvent(WebhookEventType.PAYOUT_SUCCEEDED, event.mode(), data);
    }

    static WebhookEvent payoutFailed(PayoutFailedEvent event) {
        Map<String, Object> data = payout(event.payoutId().value(), event.driverId().value(), event.amount());
        data.put("status", "failed");
        data.put("reason", event.reason());
        data.put("failedAt", time(event.failedAt()));
        return new WebhookEvent(WebhookEventType.PAYOUT_FAILED, event.mode(), data);
    }

    /** A completed payout the bank returned: payout.failed, its reason saying so. */
    static WebhookEvent payoutReturned(PayoutReturnedEvent event) {
        Map<String, Object> data = payout(event.payoutId().value(), event.driverId().value(), event.amount());
        data.put("status", "failed");
        data.put("reason", event.failureReason());
        data.put("failedAt", time(event.returnedAt()));
        return new WebhookEvent(WebhookEventType.PAYOUT_FAILED, event.mode(), data);
    }

    static WebhookEvent payoutCancelled(PayoutCanceledEvent event) {
        Map<String, Object> data = payout(event.payoutId().value(), event.driverId().value(), event.amount());
        data.put("status", "canceled");
        data.put("canceledAt", time(event.canceledAt()));
        return new WebhookEvent(WebhookEventType.PAYOUT_CANCELLED, event.mode(), data);
    }

    /** The wallet's available funds fell below the alert's threshold (ADR-0043). */
    static WebhookEvent balanceLow(BalanceFellBelowThresholdEvent event) {
        return new WebhookEvent(WebhookEventType.BALANCE_LOW, event.mode(),
                balance(event.available(), event.threshold(), event.at()));
    }

    static WebhookEvent balanceRecovered(BalanceRecoveredEvent event) {
        return new WebhookEvent(WebhookEventType.BALANCE_RECOVERED, event.mode(),
                balance(event.available(), event.threshold(), event.at()));
    }

    /** The first day the funding projection runs below zero, and that day's projected balance. */
    static WebhookEvent shortfallProjected(FundingShortfallProjectedEvent event) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("shortfallOn", event.shortfallOn().toString());
        data.put("projectedBalance", event.projectedBalance());
        data.put("withinDays", event.withinDays());
        data.put("currency", Money.CURRENCY);
        data.put("at", time(event.at()));
        return new WebhookEvent(WebhookEventType.BALANCE_SHORTFALL_PROJECTED, event.mode(), data);
    }

    /** A payout above the approval threshold waits for a second person, nothing reserved (ADR-0046). */
    static WebhookEvent payoutApprovalRequired(PayoutAwaitingApprovalEvent event) {
        Map<String, Object> data = created(event.payoutId().value(), event.driverId().value(), event.amount(),
                event.fee(), event.netAmount(), event.rail(), "pending_approval", null, event.requestedAt());
        data.put("threshold", event.threshold());
        if (event.requestedBy() != null) {
            data.put("requestedBy", event.requestedBy());
        }
        return new WebhookEvent(WebhookEventType.PAYOUT_APPROVAL_REQUIRED, event.mode(), data);
    }

    /** Approved: its funds are reserved and it is on its way, as a payout accepted at once. */
    static WebhookEvent payoutApproved(PayoutApprovedEvent event) {
        Map<String, Object> data = payout(event.payoutId().value(), event.driverId().value(), event.amount());
        data.put("status", event.rail() == Rail.INSTANT ? "processing" : "validated");
        data.put("approvedBy", event.approvedBy());
        data.put("approvedAt", time(event.approvedAt()));
        return new WebhookEvent(WebhookEventType.PAYOUT_APPROVED, event.mode(), data);
    }

    static WebhookEvent payoutRejected(PayoutRejectedEvent event) {
        Map<String, Object> data = payout(event.payoutId().value(), event.driverId().value(), event.amount());
        data.put("status", "rejected");
        data.put("rejectedBy", event.rejectedBy());
        data.put("reason", event.reason());
        data.put("rejectedAt", time(event.rejectedAt()));
        return new WebhookEvent(WebhookEventType.PAYOUT_REJECTED, event.mode(), data);
    }

    static WebhookEvent batchApprovalRequired(BatchAwaitingApprovalEvent event) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("batchId", event.batchId().value());
        data.put("status", "pending_approval");
        data.put("totalAmount", event.totalAmount());
        data.put("threshold", event.threshold());
        data.put("at", time(event.at()));
        return new WebhookEvent(WebhookEventType.BATCH_APPROVAL_REQUIRED, event.mode(), data);
    }

    static WebhookEvent batchApproved(BatchApprovedEvent event) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("batchId", event.batchId().value());
        data.put("status", "queued");
        data.put("approvedBy", event.approvedBy());
        data.put("approvedAt", time(event.approvedAt()));
        return new WebhookEvent(WebhookEventType.BATCH_APPROVED, event.mode(), data);
    }

    static WebhookEvent batchRejected(BatchRejectedEvent event) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("batchId", event.batchId().value());
        data.put("status", "rejected");
        data.put("rejectedBy", event.rejectedBy());
        data.put("reason", event.reason());
        data.put("rejectedAt", time(event.rejectedAt()));
        return new WebhookEvent(WebhookEventType.BATCH_REJECTED, event.mode(), data);
    }

    private static Map<String, Object> balance(long available, long threshold, Instant at) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("available", available);
        data.put("threshold", threshold);
        data.put("currency", Money.CURRENCY);
        data.put("at", time(at));
        return data;
    }

    /** payout.created's data; {@code batchId} only for a batch's payout. */
    private static Map<String, Object> created(String payoutId, String driverId, long amount, long fee,
                                               long netAmount, Rail rail, String status, String batchId,
                                               Instant requestedAt) {
        Map<String, Object> data = payout(payoutId, driverId, amount);
        data.put("fee", fee);
        data.put("netAmount", netAmount);
        data.put("urgency", rail == Rail.INSTANT ? "instant" : "standard");
        data.put("status", status);
        if (batchId != null) {
            data.put("batchId", batchId);
        }
        data.put("createdAt", time(requestedAt));
        return data;
    }

    private static Map<String, Object> payout(String payoutId, String driverId, long amount) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("payoutId", payoutId);
        data.put("driverId", driverId);
        data.put("amount", amount);
        return data;
    }

    private static String time(Instant instant) {
        return instant == null ? null : instant.toString();
    }
}
