package io.payouts.shared.wallet;

/**
 * The wallet's settings and what it decided against them: the low-balance alert's setting and crossings (ADR-0043)
 * and the approval threshold (ADR-0046). A family apart from {@link WalletEvent}, whose fold is the balance: these
 * events move no money.
 */
public sealed interface WalletAlertEvent permits LowBalanceAlertSetEvent, BalanceFellBelowThresholdEvent,
        BalanceRecoveredEvent, FundingShortfallProjectedEvent, FundingShortfallClearedEvent,
        ApprovalThresholdSetEvent {
}
