package io.payouts.shared.approval;

import io.payouts.shared.Mode;
import io.payouts.shared.PageRequest;

import java.util.Objects;

/** A page of what waits for approval in the mode, payouts and batches together, oldest first (ADR-0046). */
public record FindPendingApprovalsQuery(Mode mode, PageRequest pageRequest) {

    public FindPendingApprovalsQuery {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(pageRequest, "pageRequest");
    }
}
