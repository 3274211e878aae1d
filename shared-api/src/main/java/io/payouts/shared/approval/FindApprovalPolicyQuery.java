package io.payouts.shared.approval;

import io.payouts.shared.Mode;

import java.util.Objects;

/** The mode's approval threshold (ADR-0046). */
public record FindApprovalPolicyQuery(Mode mode) {

    public FindApprovalPolicyQuery {
        Objects.requireNonNull(mode, "mode");
    }
}
