package io.payouts.bank.provider;

/**
 * Where one payout attempt stands at the provider's rail ({@code provider_payment.state}). In order: handed over,
 * ready to send (the payout queued under the attempt's key), taken by the provider, and the payout told; or failed by
 * the rail, or left behind by a payout that moved on.
 */
enum AttemptState {
    /** Handed over; its request is not built yet. */
    PENDING,
    /** Its request is built and stored, the payout queued under its key: sent until the provider answers for good. */
    READY,
    /** The provider took it (a 2xx); the payout is to be told that it is processing. */
    ACCEPTED,
    /** At the provider, the payout processing: its outcome comes back through the inbound webhook. */
    SENT,
    /** Cannot be paid (no account) or the provider refused it (a 4xx): the payout is to be failed with the reason. */
    FAILING,
    /** Failed by the rail, its money back in the wallet. */
    FAILED,
    /** Not sent, or no longer the payout's concern: it was canceled or moved on before the rail's move. */
    WITHDRAWN
}
