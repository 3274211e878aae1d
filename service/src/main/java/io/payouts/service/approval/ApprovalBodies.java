package io.payouts.service.approval;

/** The bodies of the approval endpoints (ADR-0046). */
public final class ApprovalBodies {

    private ApprovalBodies() {
    }

    /** Why a payout or batch is rejected: required, plain text, at most 500 characters. */
    public record Rejection(String reason) {
    }

    /** The mode's threshold in cents; 0 switches approvals off. */
    public record Policy(Long threshold) {
    }
}
