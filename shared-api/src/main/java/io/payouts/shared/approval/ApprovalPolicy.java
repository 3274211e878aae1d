package io.payouts.shared.approval;

import java.time.Instant;

/**
 * A mode's approval threshold in cents (ADR-0046): a payout, or a batch in total, above it waits for a second
 * person; 0 (never set, or set so) means approvals are off.
 */
public record ApprovalPolicy(long threshold, String setBy, Instant setAt) {

    public static final ApprovalPolicy OFF = new ApprovalPolicy(0, null, null);
}
