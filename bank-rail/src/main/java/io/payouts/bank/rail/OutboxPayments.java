package io.payouts.bank.rail;

import io.payouts.rail.RailPayment;
import io.payouts.shared.batch.BatchId;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.Rail;
import org.springframework.jdbc.core.JdbcTemplate;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

import static io.payouts.bank.reach.Timestamps.timestamp;

/**
 * The outbox, {@code bank_payment}: one row per payout attempt, keyed by its end-to-end id. Every change of state names
 * the state it leaves, so a change made twice (a round run again after a crash) changes nothing the second time.
 * Writes join the caller's transaction.
 */
class OutboxPayments {

    private static final String COLUMNS = "end_to_end_id, payout_id, attempt, driver_id, net_amount, rail, batch_id, "
            + "state, file_id, block_number, settled_by, reason, handed_over_at";

    private final JdbcTemplate jdbc;

    OutboxPayments(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Takes these attempts in, once each: a redelivered hand-off changes nothing. */
    void handOver(List<RailPayment> payments, Instant at) {
        if (payments.isEmpty()) {
            return;
        }
        jdbc.batchUpdate("""
                insert into bank_payment (end_to_end_id, payout_id, attempt, driver_id, net_amount, rail, batch_id,
                                          state, handed_over_at, updated_at)
                values (?, ?, ?, ?, ?, ?, ?, 'PENDING', ?, ?)
                on conflict (end_to_end_id) do nothing""", payments, payments.size(), (statement, payment) -> {
            statement.setString(1, OutboxPayment.endToEndIdOf(payment.payoutId(), payment.attempt()));
            statement.setString(2, payment.payoutId().value());
            statement.setLong(3, payment.attempt());
            statement.setString(4, payment.driverId().value());
            statement.setLong(5, payment.netAmount());
            statement.setString(6, payment.rail().name());
            statement.setString(7, payment.batchId() == null ? null : payment.batchId().value());
            statement.setObject(8, timestamp(at));
            statement.setObject(9, timestamp(at));
        });
    }

    boolean anyPendingStandard(Instant handedOverBy) {
        return Boolean.TRUE.equals(jdbc.queryForObject("""
                select exists (select 1 from bank_payment
                               where state = 'PENDING' and rail = 'STANDARD' and handed_over_at <= ?)""",
                Boolean.class, timestamp(handedOverBy)));
    }

    /** Puts every standard payment handed over by {@code handedOverBy} and not yet in a file into file {@code fileId}. */
    int assignStandard(long fileId, Instant handedOverBy, Instant now) {
        return jdbc.update("""
                update bank_payment set state = 'ASSIGNED', file_id = ?, updated_at = ?
                where state = 'PENDING' and rail = 'STANDARD' and handed_over_at <= ?""",
                fileId, timestamp(now), timestamp(handedOverBy));
    }

    /** Up to {@code limit} instant payments waiting for their file, oldest first, locked until the transaction ends. */
    List<String> lockPendingInstants(int limit) {
        return jdbc.queryForList("""
                select end_to_end_id from bank_payment where state = 'PENDING' and rail = 'INSTANT'
                order by handed_over_at, end_to_end_id limit ? for update skip locked""", String.class, limit);
    }

    boolean assign(String endToEndId, long fileId, Instant now) {
        return jdbc.update("""
                update bank_payment set state = 'ASSIGNED', file_id = ?, updated_at = ?
                where end_to_end_id = ? and state = 'PENDING'""", fileId, timestamp(now), endToEndId) == 1;
    }

    /** The payments of a file, in the order they go into it: by batch, then as they were handed over. */
    List<OutboxPayment> ofFile(long fileId) {
        return jdbc.query("select " + COLUMNS + " from bank_payment where file_id = ? "
                + "order by handed_over_at, end_to_end_id", OutboxPayments::payment, fileId);
    }

    /** The payments of these end-to-end ids that are in the outbox, by id; a map the caller may change. */
    Map<String, OutboxPayment> findAll(Collection<String> endToEndIds) {
        Map<String, OutboxPayment> found = new HashMap<>();
        if (endToEndIds.isEmpty()) {
            return found;
        }
        jdbc.query(connection -> {
            PreparedStatement statement = connection.prepareStatement("select " + COLUMNS
                    + " from bank_payment where end_to_end_id = any (?)");
            statement.setArray(1, connection.createArrayOf("text", new LinkedHashSet<>(endToEndIds).toArray()));
            return statement;
        }, (ResultSet row) -> {
            OutboxPayment payment = payment(row, 0);
            found.put(payment.endToEndId(), payment);
        });
        return found;
    }

    List<OutboxPayment> inState(PaymentState state, int limit) {
        return jdbc.query("select " + COLUMNS + " from bank_payment where state = ? order by updated_at limit ?",
                OutboxPayments::payment, state.name(), limit);
    }

    /** Moves a payment from {@code from} to {@code to}; false if it was not in {@code from} any more. */
    boolean move(String endToEndId, PaymentState from, PaymentState to, String reason, Instant now) {
        return jdbc.update("""
                update bank_payment set state = ?, reason = coalesce(?, reason), updated_at = ?
                where end_to_end_id = ? and state = ?""", to.name(), reason, timestamp(now), endToEndId,
                from.name()) == 1;
    }

    /** A move of one payment; a settlement remembers which kind of report said so (a pain.002 or a camt.054). */
    record StateChange(String endToEndId, PaymentState from, PaymentState to, String reason, String settledBy) {
    }

    /** Makes each change whose payment is still in its {@code from} state, in one batch. */
    void change(List<StateChange> changes, Instant now) {
        if (changes.isEmpty()) {
            return;
        }
        jdbc.batchUpdate("""
                update bank_payment set state = ?, reason = coalesce(?, reason), settled_by = coalesce(?, settled_by),
                                        updated_at = ?
                where end_to_end_id = ? and state = ?""", changes, changes.size(), (statement, change) -> {
            statement.setString(1, change.to().name());
            statement.setString(2, change.reason());
            statement.setString(3, change.settledBy());
            statement.setObject(4, timestamp(now));
            statement.setString(5, change.endToEndId());
            statement.setString(6, change.from().name());
        });
    }

    void moveAll(Collection<String> endToEndIds, PaymentState from, PaymentState to, Instant now) {
        if (endToEndIds.isEmpty()) {
            return;
        }
        List<String> ids = List.copyOf(endToEndIds);
        jdbc.batchUpdate("update bank_payment set state = ?, updated_at = ? where end_to_end_id = ? and state = ?",
                ids, ids.size(), (statement, id) -> {
                    statement.setString(1, to.name());
                    statement.setObject(2, timestamp(now));
                    statement.setString(3, id);
                    statement.setString(4, from.name());
                });
    }

    /** The payments written into a file's bytes, each with the number of its block (from 1). */
    void written(Map<String, Integer> blocks, Instant now) {
        List<Map.Entry<String, Integer>> entries = List.copyOf(blocks.entrySet());
        jdbc.batchUpdate("""
                update bank_payment set state = 'WRITTEN', block_number = ?, updated_at = ?
                where end_to_end_id = ? and state = 'QUEUED'""", entries, entries.size(), (statement, entry) -> {
            statement.setInt(1, entry.getValue());
            statement.setObject(2, timestamp(now));
            statement.setString(3, entry.getKey());
        });
    }

    void sent(long fileId, Instant now) {
        jdbc.update("update bank_payment set state = 'SENT', updated_at = ? where file_id = ? and state = 'WRITTEN'",
                timestamp(now), fileId);
    }

    private static OutboxPayment payment(ResultSet row, int index) throws SQLException {
        String batch = row.getString("batch_id");
        long fileId = row.getLong("file_id");
        Long file = row.wasNull() ? null : fileId;
        int blockNumber = row.getInt("block_number");
        Integer block = row.wasNull() ? null : blockNumber;
        return new OutboxPayment(row.getString("end_to_end_id"), new PayoutId(row.getString("payout_id")),
                row.getLong("attempt"), new DriverId(row.getString("driver_id")), row.getLong("net_amount"),
                Rail.valueOf(row.getString("rail")), batch == null ? null : new BatchId(batch),
                PaymentState.valueOf(row.getString("state")), file, block, row.getString("settled_by"),
                row.getString("reason"), row.getObject("handed_over_at", OffsetDateTime.class).toInstant());
    }
}
