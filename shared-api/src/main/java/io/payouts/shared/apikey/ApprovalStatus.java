package io.payouts.shared.apikey;

/** Where a key stands in the approval flow; revocation is recorded separately (revokedAt). */
public enum ApprovalStatus {
    PENDING,
    APPROVED,
    REJECTED
}
