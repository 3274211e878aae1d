package io.payouts.shared.wallet;

/**
 * The wallet's low-balance alert (ADR-0043): its setting and the crossings the wallet decided. A family apart from
 * {@link WalletEvent}, whose fold is the balance: these events move no money.
 */
public sealed interface WalletAlertEvent permits LowBalanceAlertSetEvent, BalanceFellBelowThresholdEvent,
        BalanceRecoveredEvent, FundingShortfallProjectedEvent, FundingShortfallClearedEvent {

    WalletId walletId();
}
