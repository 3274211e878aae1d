package io.payouts.query.wallet;

import io.payouts.query.approval.ApprovalPolicyRows;
import io.payouts.shared.Mode;
import io.payouts.shared.eventhandling.ProcessingGroups;
import io.payouts.shared.wallet.ApprovalThresholdSetEvent;
import io.payouts.shared.wallet.BalanceFellBelowThresholdEvent;
import io.payouts.shared.wallet.BalanceRecoveredEvent;
import io.payouts.shared.wallet.FundingShortfallClearedEvent;
import io.payouts.shared.wallet.FundingShortfallProjectedEvent;
import io.payouts.shared.wallet.LowBalanceAlertSetEvent;
import io.payouts.shared.wallet.SandboxResetEvent;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.springframework.stereotype.Component;

/**
 * Keeps the wallet's settings, {@code funding_alert_view} (ADR-0043) and {@code approval_policy_view} (ADR-0046), in a
 * processor of its own: the wallet projection's batches stay one handler's. A handful of events per crossing or
 * setting: one statement each, no batching.
 */
@Component
@ProcessingGroup(ProcessingGroups.FUNDING_ALERT_PROJECTION)
class FundingAlertProjection {

    private final FundingAlertRows alerts;
    private final ApprovalPolicyRows approvalPolicies;

    FundingAlertProjection(FundingAlertRows alerts, ApprovalPolicyRows approvalPolicies) {
        this.alerts = alerts;
        this.approvalPolicies = approvalPolicies;
    }

    @EventHandler
    void on(LowBalanceAlertSetEvent event) {
        alerts.set(event.mode(), event.lowBalanceThreshold(), event.shortfallWithinDays(), event.setBy(),
                event.setAt());
    }

    @EventHandler
    void on(ApprovalThresholdSetEvent event) {
        approvalPolicies.set(event.mode(), event.threshold(), event.setBy(), event.setAt());
    }

    @EventHandler
    void on(BalanceFellBelowThresholdEvent event) {
        alerts.low(event.mode(), event.at());
    }

    @EventHandler
    void on(BalanceRecoveredEvent event) {
        alerts.recovered(event.mode());
    }

    @EventHandler
    void on(FundingShortfallProjectedEvent event) {
        alerts.shortfall(event.mode(), event.shortfallOn(), event.at());
    }

    @EventHandler
    void on(FundingShortfallClearedEvent event) {
        alerts.shortfallCleared(event.mode());
    }

    /** The reset's wallet has no alert and no approval threshold, as the wallet itself forgets them. */
    @EventHandler
    void on(SandboxResetEvent event) {
        alerts.deleteMode(Mode.SANDBOX);
        approvalPolicies.deleteMode(Mode.SANDBOX);
    }

    @ResetHandler
    void onReset() {
        alerts.deleteAll();
        approvalPolicies.deleteAll();
    }
}
