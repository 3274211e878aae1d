package io.payouts.query.wallet;

import io.payouts.shared.Mode;
import io.payouts.shared.wallet.WalletBalance;

import java.time.Instant;

/**
 * One mode's wallet as {@code wallet_balance_view} holds it, in cents. {@code available}: settled top-ups minus
 * reservations plus returned funds; {@code pending}: top-ups not settled; {@code inTransit}: reserved by payouts not
 * yet completed, failed or canceled; {@code ledger}: available plus in transit. {@code walletVersion} is the last
 * applied sequence number of the wallet's stream; payout completions, from the payouts' streams, leave it alone
 * (their debit rows make them idempotent). Every figure is a sum or a maximum, the same whatever order the projection
 * met the events in.
 */
record WalletRow(String id, Mode mode, long available, long pending, long inTransit, long ledger,
                 long transactionCount, Instant openedAt, Instant updatedAt, long walletVersion) {

    static WalletRow opened(String id, Mode mode, Instant at, long sequence) {
        return new WalletRow(id, mode, 0, 0, 0, 0, 0, at, at, sequence);
    }

    /** True when this row already reflects the wallet event with {@code sequence}. */
    boolean hasApplied(long sequence) {
        return sequence <= walletVersion;
    }

    WalletRow requestTopUp(long amount, Instant at, long sequence) {
        return new WalletRow(id, mode, available, pending + amount, inTransit, ledger, transactionCount, openedAt,
                later(at), sequence);
    }

    /** A credit: the amount moves from pending to available, the ledger grows by it, and a transaction is counted. */
    WalletRow settleTopUp(long amount, Instant at, long sequence) {
        return new WalletRow(id, mode, available + amount, pending - amount, inTransit, ledger + amount,
                transactionCount + 1, openedAt, later(at), sequence);
    }

    WalletRow reserve(long amount, Instant at, long sequence) {
        return new WalletRow(id, mode, available - amount, pending, inTransit + amount, ledger, transactionCount,
                openedAt, later(at), sequence);
    }

    WalletRow returnFunds(long amount, Instant at, long sequence) {
        return new WalletRow(id, mode, available + amount, pending, inTransit - amount, ledger, transactionCount,
                openedAt, later(at), sequence);
    }

    /** A completed payout came back from the bank: a credit, as a top-up's settlement is, to available. */
    WalletRow creditReturn(long amount, Instant at, long sequence) {
        return new WalletRow(id, mode, available + amount, pending, inTransit, ledger + amount, transactionCount + 1,
                openedAt, later(at), sequence);
    }

    /** A payout completed: its reservation leaves the wallet for good. Not a wallet event, so the version stays. */
    WalletRow debit(long amount, Instant at) {
        return new WalletRow(id, mode, available, pending, inTransit - amount, ledger - amount, transactionCount + 1,
                openedAt, later(at), walletVersion);
    }

    /** Events of other streams interleave with the wallet's, and their times are the commanders' clocks. */
    private Instant later(Instant at) {
        return at != null && at.isAfter(updatedAt) ? at : updatedAt;
    }

    WalletBalance toBalance() {
        return new WalletBalance(available, pending, inTransit);
    }
}
