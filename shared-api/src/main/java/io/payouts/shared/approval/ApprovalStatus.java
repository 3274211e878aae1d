package io.payouts.shared.approval;

/** A second person's decision on what waits for it (ADR-0046). */
public enum ApprovalStatus {
    PENDING,
    APPROVED,
    REJECTED
}
