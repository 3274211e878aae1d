package io.payouts.query.approval;

import io.payouts.query.consistency.ConsistencyFixtures;
import io.payouts.shared.Mode;
import io.payouts.shared.PageRequest;
import io.payouts.shared.approval.FindApprovalPolicyQuery;
import io.payouts.shared.approval.FindPendingApprovalsQuery;
import org.springframework.jdbc.core.JdbcTemplate;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;

/** The approval reads the API serves, by name. */
public final class ReadModelIndexesApprovalReads {

    private static final Mode MODE = Mode.PRODUCTION;

    private ReadModelIndexesApprovalReads() {
    }

    public static Map<String, Callable<?>> over(JdbcTemplate jdbc) {
        ApprovalQueryHandler approvals = new ApprovalQueryHandler(jdbc, new ApprovalPolicyRows(jdbc),
                ConsistencyFixtures.noProcessors(jdbc));
        Map<String, Callable<?>> reads = new LinkedHashMap<>();
        reads.put("GET /approvals", () -> approvals.handle(new FindPendingApprovalsQuery(MODE,
                new PageRequest(1, 20))).page().items());
        reads.put("GET /approvals page 50", () -> approvals.handle(new FindPendingApprovalsQuery(MODE,
                new PageRequest(50, 20))).page().items());
        reads.put("GET /approvals/policy", () -> approvals.handle(new FindApprovalPolicyQuery(MODE)));
        return reads;
    }
}
