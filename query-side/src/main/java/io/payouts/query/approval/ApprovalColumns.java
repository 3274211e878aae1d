package io.payouts.query.approval;

import io.payouts.query.consistency.NewRows;
import io.payouts.shared.approval.Approval;
import io.payouts.shared.approval.ApprovalStatus;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;

import static io.payouts.query.consistency.SqlValues.instant;
import static io.payouts.query.consistency.SqlValues.setInstant;

/**
 * The six {@code approval_*} columns a payout's and a batch's row keep their approval in (ADR-0046): all null for
 * what never waited.
 */
public final class ApprovalColumns {

    private ApprovalColumns() {
    }

    /** Binds the six columns from {@code first} on, in the order status, threshold, requester, decider, when, why. */
    public static void bind(PreparedStatement statement, int first, Approval approval) throws SQLException {
        boolean none = approval == null;
        statement.setString(first, none ? null : approval.status().name());
        statement.setObject(first + 1, none ? null : approval.threshold(), Types.BIGINT);
        statement.setString(first + 2, none ? null : approval.requesterId());
        statement.setString(first + 3, none ? null : approval.decidedBy());
        setInstant(statement, first + 4, none ? null : approval.decidedAt());
        statement.setString(first + 5, none ? null : approval.reason());
    }

    /** The same six fields, in the same order, on a row of a COPY. */
    public static void write(NewRows.Line line, Approval approval) {
        boolean none = approval == null;
        line.text(none ? null : approval.status().name()).number(none ? null : approval.threshold())
                .text(none ? null : approval.requesterId()).text(none ? null : approval.decidedBy())
                .instant(none ? null : approval.decidedAt()).text(none ? null : approval.reason());
    }

    public static Approval read(ResultSet row) throws SQLException {
        String status = row.getString("approval_status");
        if (status == null) {
            return null;
        }
        return new Approval(ApprovalStatus.valueOf(status), row.getLong("approval_threshold"),
                row.getString("approval_requester"), row.getString("approval_decided_by"),
                instant(row, "approval_decided_at"), row.getString("approval_reason"));
    }
}
