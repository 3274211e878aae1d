package io.payouts.shared.wallet;

/**
 * Every event of a wallet's stream, the sandbox's reset included, one family for a handler to subscribe to and a fold
 * to cover (as {@code PayoutEvent}); the stored events are unchanged by it.
 */
public sealed interface WalletEvent permits WalletOpenedEvent, TopUpRequestedEvent, TopUpSettledEvent,
        FundsReservedEvent, FundsReleasedEvent, ReturnedFundsCreditedEvent, SandboxResetEvent {

    /** The wallet whose stream the event belongs to. */
    WalletId walletId();
}
