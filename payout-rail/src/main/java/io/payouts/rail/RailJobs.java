package io.payouts.rail;

import io.payouts.platform.tables.PlannedForItsValues;
import io.payouts.shared.Mode;
import io.payouts.shared.payout.PayoutId;
import org.springframework.jdbc.core.JdbcTemplate;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * The simulated rail's scheduled steps in {@code rail_job} (ADR-0012). Writes join the caller's transaction: the
 * hand-off's, so a planned step and the processor's token commit together, or the runner's, so that claiming a
 * step and deleting it are one transaction.
 */
class RailJobs {

    private final JdbcTemplate jdbc;

    RailJobs(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Plans these steps with one batch of statements. The same event delivered again changes nothing; a step
     * planned by a later event of the payout (a retry travelling the same path) replaces one left over from an
     * earlier attempt.
     */
    void scheduleAll(List<Planned> steps) {
        if (steps.isEmpty()) {
            return;
        }
        jdbc.batchUpdate("""
                insert into rail_job (payout_id, step, due_at, attempts, planned_at_version) values (?, ?, ?, 0, ?)
                on conflict (payout_id, step) do update
                    set due_at = excluded.due_at, attempts = 0, planned_at_version = excluded.planned_at_version
                    where rail_job.planned_at_version < excluded.planned_at_version""", steps, steps.size(),
                (statement, step) -> {
                    statement.setString(1, step.payoutId().value());
                    statement.setString(2, step.step().name());
                    statement.setObject(3, timestamp(step.dueAt()));
                    statement.setLong(4, step.plannedAtVersion());
                });
    }

    /**
     * Locks up to {@code limit} steps due at {@code now}, earliest first, skipping those another transaction
     * holds: two runners never claim one step. Must run in a transaction; the locks last until it ends. Planned
     * each time: the join's plan depends on how full the two tables are.
     */
    List<RailJob> claimDue(Instant now, int limit) {
        List<RailJob> claimed = new ArrayList<>();
        PlannedForItsValues.run(jdbc, () -> claimed.addAll(jdbc.query("""
                select j.payout_id, j.step, j.attempts, j.planned_at_version, p.mode
                from rail_job j left join rail_payment p on p.payout_id = j.payout_id
                where j.due_at <= ?
                order by j.due_at
                limit ?
                for update of j skip locked""", RailJobs::job, timestamp(now), limit)));
        return claimed;
    }

    /** Deletes these steps with one statement, planned for them ({@code rail_job} fills and empties). */
    void deleteAll(List<RailJob> done) {
        if (done.isEmpty()) {
            return;
        }
        PlannedForItsValues.run(jdbc, () -> jdbc.update(connection -> {
            PreparedStatement statement = connection.prepareStatement("""
                    delete from rail_job j using unnest(?, ?) as done (payout_id, step)
                    where j.payout_id = done.payout_id and j.step = done.step""");
            statement.setArray(1, connection.createArrayOf("varchar",
                    done.stream().map(job -> job.payoutId().value()).toArray()));
            statement.setArray(2, connection.createArrayOf("varchar",
                    done.stream().map(job -> job.step().name()).toArray()));
            return statement;
        }));
    }

    /** Runs the step again at {@code dueAt}, counting the failed attempt. */
    void postpone(RailJob job, Instant dueAt) {
        jdbc.update("update rail_job set attempts = attempts + 1, due_at = ? where payout_id = ? and step = ?",
                timestamp(dueAt), job.payoutId().value(), job.step().name());
    }

    private static RailJob job(ResultSet row, int index) throws SQLException {
        String mode = row.getString("mode");
        return new RailJob(new PayoutId(row.getString("payout_id")), RailStep.valueOf(row.getString("step")),
                row.getInt("attempts"), row.getLong("planned_at_version"), mode == null ? null : Mode.valueOf(mode));
    }

    private static OffsetDateTime timestamp(Instant instant) {
        return OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
    }

    /** A step to plan: {@code plannedAtVersion} is the sequence number of the payout's event it was planned from. */
    record Planned(PayoutId payoutId, RailStep step, Instant dueAt, long plannedAtVersion) {
    }

    /** A claimed step; {@code mode} is null once the payout left the rail (the step is then out of date). */
    record RailJob(PayoutId payoutId, RailStep step, int attempts, long plannedAtVersion, Mode mode) {
    }
}
