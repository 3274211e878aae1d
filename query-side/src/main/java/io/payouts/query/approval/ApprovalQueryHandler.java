package io.payouts.query.approval;

import io.payouts.query.consistency.ListCatchUp;
import io.payouts.shared.ResultPage;
import io.payouts.shared.approval.ApprovalPolicy;
import io.payouts.shared.approval.FindApprovalPolicyQuery;
import io.payouts.shared.approval.FindPendingApprovalsQuery;
import io.payouts.shared.approval.PendingApproval;
import io.payouts.shared.approval.PendingApprovalPage;
import io.payouts.shared.eventhandling.ProcessingGroups;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.List;

import static io.payouts.query.consistency.SqlValues.instant;

/**
 * The mode's approval threshold, and what waits for a second person (ADR-0046): payouts and batches pending approval,
 * oldest first (payouts through their partial index of V44, batches through the mode and status index), after their
 * projections have caught up.
 */
@Component
class ApprovalQueryHandler {

    private static final String WAITING = """
            select 'PAYOUT' as kind, id, amount, approval_threshold, approval_requester, requested_at as asked_at,
                driver_id, requested_by, null as name, null as payout_count
            from payout_view where mode = ? and status = 'PENDING_APPROVAL'
            union all
            select 'BATCH', id, total_amount, approval_threshold, approval_requester, created_at, null, null, name,
                payout_count
            from batch_view where mode = ? and status = 'PENDING_APPROVAL'
            """;

    private final JdbcTemplate jdbc;
    private final ApprovalPolicyRows policies;
    private final ListCatchUp catchUp;

    ApprovalQueryHandler(JdbcTemplate jdbc, ApprovalPolicyRows policies, ListCatchUp catchUp) {
        this.jdbc = jdbc;
        this.policies = policies;
        this.catchUp = catchUp;
    }

    @QueryHandler
    ApprovalPolicy handle(FindApprovalPolicyQuery query) {
        catchUp.await(ProcessingGroups.FUNDING_ALERT_PROJECTION);
        return policies.of(query.mode());
    }

    @QueryHandler
    PendingApprovalPage handle(FindPendingApprovalsQuery query) {
        catchUp.await(ProcessingGroups.PAYOUT_PROJECTION, ProcessingGroups.BATCH_PROJECTION);
        String mode = query.mode().name();
        Long total = jdbc.queryForObject("select count(*) from (" + WAITING + ") waiting", Long.class, mode, mode);
        List<PendingApproval> items = jdbc.query(WAITING + " order by asked_at, id limit ? offset ?",
                (row, index) -> new PendingApproval(PendingApproval.Kind.valueOf(row.getString("kind")),
                        row.getString("id"), row.getLong("amount"), row.getLong("approval_threshold"),
                        row.getString("approval_requester"), instant(row, "asked_at"), row.getString("driver_id"),
                        row.getString("requested_by"), row.getString("name"),
                        (Integer) row.getObject("payout_count")),
                mode, mode, query.pageRequest().pageSize(), query.pageRequest().offset());
        return new PendingApprovalPage(new ResultPage<>(items, total == null ? 0 : total, query.pageRequest().page(),
                query.pageRequest().pageSize()));
    }
}
