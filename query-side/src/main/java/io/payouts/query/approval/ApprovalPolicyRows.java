package io.payouts.query.approval;

import io.payouts.shared.Mode;
import io.payouts.shared.approval.ApprovalPolicy;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.sql.Timestamp;
import java.time.Instant;

import static io.payouts.query.consistency.SqlValues.instant;

/** {@code approval_policy_view}, one row per mode; a write sets what its event says, so a redelivery changes nothing. */
@Component
public class ApprovalPolicyRows {

    private final JdbcTemplate jdbc;

    public ApprovalPolicyRows(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    public void set(Mode mode, long threshold, String setBy, Instant setAt) {
        jdbc.update("""
                insert into approval_policy_view (mode, threshold, set_by, set_at) values (?, ?, ?, ?)
                on conflict (mode) do update set threshold = excluded.threshold, set_by = excluded.set_by,
                    set_at = excluded.set_at""", mode.name(), threshold, setBy, Timestamp.from(setAt));
    }

    public void deleteMode(Mode mode) {
        jdbc.update("delete from approval_policy_view where mode = ?", mode.name());
    }

    public void deleteAll() {
        jdbc.update("delete from approval_policy_view");
    }

    ApprovalPolicy of(Mode mode) {
        return jdbc.query("select threshold, set_by, set_at from approval_policy_view where mode = ?",
                (row, index) -> new ApprovalPolicy(row.getLong("threshold"), row.getString("set_by"),
                        instant(row, "set_at")), mode.name()).stream().findFirst().orElse(ApprovalPolicy.OFF);
    }
}
