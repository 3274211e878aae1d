package io.payouts.client.approvals;

import java.time.Instant;

/** The mode's approval threshold in cents, 0 when approvals are off, and who last set it. */
public record ApprovalPolicy(long threshold, String currency, String setBy, Instant setAt) {
}
