package io.payouts.shared.approval;

import io.payouts.shared.ResultPage;

/** A page of what waits for approval; a concrete type because Axon matches query responses by class. */
public record PendingApprovalPage(ResultPage<PendingApproval> page) {
}
