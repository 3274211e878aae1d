package io.payouts.shared.approval;

import io.payouts.shared.ForbiddenException;
import io.payouts.shared.InvalidFieldException;
import io.payouts.shared.payout.Requester;

/**
 * The rules of approvals (ADR-0046): what waits for a decision, that it comes from someone other than the requester,
 * and that a rejection says why in plain text that people read in the console and in webhooks.
 */
public final class ApprovalDecisions {

    public static final int MAX_REASON_LENGTH = 500;

    private ApprovalDecisions() {
    }

    /** Whether {@code amount} (a payout's, or a batch's total) waits: approvals are on and it is above the threshold. */
    public static boolean waits(long threshold, long amount) {
        return threshold > 0 && amount > threshold;
    }

    /** Refuses a decision by the user who requested what waits (a null requester is someone no user can be). */
    public static void requireSecondPerson(String requesterId, String deciderId, String what) {
        if (requesterId != null && requesterId.equals(deciderId)) {
            throw new ForbiddenException("the person who requested " + what
                    + " cannot approve or reject it; another owner or admin must");
        }
    }

    public static void requireValidReason(String reason) {
        if (reason == null || reason.isBlank()) {
            throw new InvalidFieldException("reason", "is required");
        }
        if (reason.length() > MAX_REASON_LENGTH) {
            throw new InvalidFieldException("reason", "must be at most " + MAX_REASON_LENGTH + " characters");
        }
        if (reason.codePoints().anyMatch(Requester::hidden)) {
            throw new InvalidFieldException("reason", Requester.NOT_PLAIN);
        }
    }
}
