package io.payouts.shared.payout;

import io.payouts.shared.Mode;

/**
 * One payout of the caller's mode, as of its newest stored event: a read right after any write reflects it, on any
 * instance (ADR-0018).
 */
public record FindPayoutQuery(Mode mode, PayoutId payoutId) {
}
