package io.payouts.audit;

import io.payouts.shared.apikey.ApiKeyApprovedEvent;
import io.payouts.shared.apikey.ApiKeyCreatedEvent;
import io.payouts.shared.apikey.ApiKeyRejectedEvent;
import io.payouts.shared.apikey.ApiKeyRevokedEvent;
import io.payouts.shared.batch.BatchApprovedEvent;
import io.payouts.shared.batch.BatchAwaitingApprovalEvent;
import io.payouts.shared.batch.BatchCompletedEvent;
import io.payouts.shared.batch.BatchRejectedEvent;
import io.payouts.shared.batch.BatchCreatedEvent;
import io.payouts.shared.batch.BatchPayoutCanceledEvent;
import io.payouts.shared.batch.BatchPayoutOutcomeRecordedEvent;
import io.payouts.shared.batch.BatchPayoutOutcomesRecordedEvent;
import io.payouts.shared.batch.BatchReleasedEvent;
import io.payouts.shared.driver.DriverBankAccountRemovedEvent;
import io.payouts.shared.driver.DriverBankAccountSetEvent;
import io.payouts.shared.driver.DriverDeactivatedEvent;
import io.payouts.shared.driver.DriverKycRejectedEvent;
import io.payouts.shared.driver.DriverKycVerifiedEvent;
import io.payouts.shared.driver.DriverProfileUpdatedEvent;
import io.payouts.shared.driver.DriverRegisteredEvent;
import io.payouts.shared.payout.PayoutApprovedEvent;
import io.payouts.shared.payout.PayoutAwaitingApprovalEvent;
import io.payouts.shared.payout.PayoutCanceledEvent;
import io.payouts.shared.payout.PayoutRejectedEvent;
import io.payouts.shared.payout.PayoutCompletedEvent;
import io.payouts.shared.payout.PayoutFailedEvent;
import io.payouts.shared.payout.PayoutProcessingStartedEvent;
import io.payouts.shared.payout.PayoutQueuedEvent;
import io.payouts.shared.payout.PayoutReleasedEvent;
import io.payouts.shared.payout.PayoutRequestedEvent;
import io.payouts.shared.payout.PayoutRequestedInBatchEvent;
import io.payouts.shared.payout.PayoutRetriedEvent;
import io.payouts.shared.payout.PayoutReturnedEvent;
import io.payouts.shared.wallet.ApprovalThresholdSetEvent;
import io.payouts.shared.wallet.BalanceFellBelowThresholdEvent;
import io.payouts.shared.wallet.BalanceRecoveredEvent;
import io.payouts.shared.wallet.FundingShortfallClearedEvent;
import io.payouts.shared.wallet.FundingShortfallProjectedEvent;
import io.payouts.shared.wallet.FundsReleasedEvent;
import io.payouts.shared.wallet.LowBalanceAlertSetEvent;
import io.payouts.shared.wallet.FundsReservedEvent;
import io.payouts.shared.wallet.ReturnedFundsCreditedEvent;
import io.payouts.shared.wallet.TopUpRequestedEvent;
import io.payouts.shared.wallet.TopUpSettledEvent;
import io.payouts.shared.wallet.WalletOpenedEvent;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The public name of every stored event and the kind of resource it belongs to (ADR-0027). The webhook names keep
 * their spelling; the others follow them as {@code <resource>.<what happened>}. A stored event's class is a contract
 * (style.md), so this table only grows.
 */
final class EventCatalogue {

    record Entry(String type, ResourceKind kind) {
    }

    private static final Map<Class<?>, Entry> BY_CLASS = table();

    static final List<String> ORDERED_TYPES = BY_CLASS.values().stream().map(Entry::type).distinct().toList();

    private EventCatalogue() {
    }

    static Optional<Entry> of(Class<?> eventClass) {
        return Optional.ofNullable(BY_CLASS.get(eventClass));
    }

    static Optional<ResourceKind> kindOfType(String type) {
        return BY_CLASS.values().stream().filter(entry -> entry.type().equals(type)).map(Entry::kind).findFirst();
    }

    private static Map<Class<?>, Entry> table() {
        Map<Class<?>, Entry> table = new LinkedHashMap<>();
        table.put(DriverRegisteredEvent.class, new Entry("driver.registered", ResourceKind.DRIVER));
        table.put(DriverProfileUpdatedEvent.class, new Entry("driver.updated", ResourceKind.DRIVER));
        table.put(DriverKycVerifiedEvent.class, new Entry("driver.kyc_verified", ResourceKind.DRIVER));
        table.put(DriverKycRejectedEvent.class, new Entry("driver.kyc_rejected", ResourceKind.DRIVER));
        table.put(DriverDeactivatedEvent.class, new Entry("driver.deactivated", ResourceKind.DRIVER));
        table.put(DriverBankAccountSetEvent.class, new Entry("driver.bank_account_set", ResourceKind.DRIVER));
        table.put(DriverBankAccountRemovedEvent.class, new Entry("driver.bank_account_removed", ResourceKind.DRIVER));
        table.put(PayoutRequestedEvent.class, new Entry("payout.created", ResourceKind.PAYOUT));
        table.put(PayoutRequestedInBatchEvent.class, new Entry("payout.created", ResourceKind.PAYOUT));
        table.put(PayoutReleasedEvent.class, new Entry("payout.released", ResourceKind.PAYOUT));
        table.put(PayoutQueuedEvent.class, new Entry("payout.queued", ResourceKind.PAYOUT));
        table.put(PayoutProcessingStartedEvent.class, new Entry("payout.processing", ResourceKind.PAYOUT));
        table.put(PayoutCompletedEvent.class, new Entry("payout.succeeded", ResourceKind.PAYOUT));
        table.put(PayoutFailedEvent.class, new Entry("payout.failed", ResourceKind.PAYOUT));
        // a return ends the payout failed, and its webhook is payout.failed: the events API names it the same
        table.put(PayoutReturnedEvent.class, new Entry("payout.failed", ResourceKind.PAYOUT));
        table.put(PayoutCanceledEvent.class, new Entry("payout.cancelled", ResourceKind.PAYOUT));
        table.put(PayoutRetriedEvent.class, new Entry("payout.retried", ResourceKind.PAYOUT));
        table.put(PayoutAwaitingApprovalEvent.class, new Entry("payout.approval_required", ResourceKind.PAYOUT));
        table.put(PayoutApprovedEvent.class, new Entry("payout.approved", ResourceKind.PAYOUT));
        table.put(PayoutRejectedEvent.class, new Entry("payout.rejected", ResourceKind.PAYOUT));
        table.put(BatchCreatedEvent.class, new Entry("batch.created", ResourceKind.BATCH));
        table.put(BatchReleasedEvent.class, new Entry("batch.released", ResourceKind.BATCH));
        table.put(BatchPayoutCanceledEvent.class, new Entry("batch.payout_cancelled", ResourceKind.BATCH));
        table.put(BatchPayoutOutcomeRecordedEvent.class, new Entry("batch.payout_outcome", ResourceKind.BATCH));
        table.put(BatchPayoutOutcomesRecordedEvent.class, new Entry("batch.payout_outcomes", ResourceKind.BATCH));
        table.put(BatchCompletedEvent.class, new Entry("batch.completed", ResourceKind.BATCH));
        table.put(BatchAwaitingApprovalEvent.class, new Entry("batch.approval_required", ResourceKind.BATCH));
        table.put(BatchApprovedEvent.class, new Entry("batch.approved", ResourceKind.BATCH));
        table.put(BatchRejectedEvent.class, new Entry("batch.rejected", ResourceKind.BATCH));
        table.put(WalletOpenedEvent.class, new Entry("wallet.opened", ResourceKind.WALLET));
        table.put(FundsReservedEvent.class, new Entry("wallet.funds_reserved", ResourceKind.WALLET));
        table.put(FundsReleasedEvent.class, new Entry("wallet.funds_released", ResourceKind.WALLET));
        table.put(ReturnedFundsCreditedEvent.class, new Entry("wallet.return_credited", ResourceKind.WALLET));
        table.put(LowBalanceAlertSetEvent.class, new Entry("wallet.alert_set", ResourceKind.WALLET));
        table.put(ApprovalThresholdSetEvent.class, new Entry("wallet.approval_threshold_set", ResourceKind.WALLET));
        table.put(BalanceFellBelowThresholdEvent.class, new Entry("balance.low", ResourceKind.WALLET));
        table.put(BalanceRecoveredEvent.class, new Entry("balance.recovered", ResourceKind.WALLET));
        table.put(FundingShortfallProjectedEvent.class, new Entry("balance.shortfall_projected", ResourceKind.WALLET));
        table.put(FundingShortfallClearedEvent.class, new Entry("balance.shortfall_cleared", ResourceKind.WALLET));
        table.put(TopUpRequestedEvent.class, new Entry("top_up.requested", ResourceKind.TOP_UP));
        table.put(TopUpSettledEvent.class, new Entry("top_up.settled", ResourceKind.TOP_UP));
        table.put(ApiKeyCreatedEvent.class, new Entry("api_key.created", ResourceKind.API_KEY));
        table.put(ApiKeyApprovedEvent.class, new Entry("api_key.approved", ResourceKind.API_KEY));
        table.put(ApiKeyRejectedEvent.class, new Entry("api_key.rejected", ResourceKind.API_KEY));
        table.put(ApiKeyRevokedEvent.class, new Entry("api_key.revoked", ResourceKind.API_KEY));
        return Collections.unmodifiableMap(table);
    }
}
