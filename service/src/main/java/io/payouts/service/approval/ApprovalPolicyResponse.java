package io.payouts.service.approval;

import io.payouts.shared.Money;
import io.payouts.shared.approval.ApprovalPolicy;

import java.time.Instant;

/** The mode's approval threshold in cents, 0 when approvals are off, and who last set it. */
record ApprovalPolicyResponse(long threshold, String currency, String setBy, Instant setAt) {

    static ApprovalPolicyResponse of(ApprovalPolicy policy) {
        return new ApprovalPolicyResponse(policy.threshold(), Money.CURRENCY, policy.setBy(), policy.setAt());
    }
}
