package io.payouts.bank.provider;

import io.payouts.bank.reach.Waiting;
import io.payouts.rail.RailPayment;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.Rail;
import org.springframework.jdbc.core.JdbcTemplate;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import static io.payouts.bank.reach.Timestamps.timestamp;

/**
 * The outbox, {@code provider_payment}: one row per payout attempt, keyed by its Idempotency-Key. Work on a row is
 * claimed first, by one sender until a time ({@link #claim}); every change after it names the state it leaves and the
 * sender that claimed it, and gives the claim back, so a change made by a sender whose claim ran out and was taken over
 * changes nothing. Each statement commits on its own: nothing is held open while a request is under way.
 */
class ProviderOutbox {

    private final JdbcTemplate jdbc;

    ProviderOutbox(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Takes these attempts in, once each, in the hand-off's transaction: a redelivered hand-off changes nothing. */
    void handOver(List<RailPayment> payments, Instant at) {
        if (payments.isEmpty()) {
            return;
        }
        jdbc.batchUpdate("""
                insert into provider_payment (idempotency_key, payout_id, attempt, driver_id, net_amount, rail, retry,
                                              state, next_try_at, handed_over_at, updated_at)
                values (?, ?, ?, ?, ?, ?, ?, 'PENDING', ?, ?, ?)
                on conflict (idempotency_key) do nothing""", payments, payments.size(), (statement, payment) -> {
            statement.setString(1, Attempt.idempotencyKeyOf(payment.payoutId(), payment.attempt()));
            statement.setString(2, payment.payoutId().value());
            statement.setLong(3, payment.attempt());
            statement.setString(4, payment.driverId().value());
            statement.setLong(5, payment.netAmount());
            statement.setString(6, payment.rail().name());
            statement.setBoolean(7, payment.retry());
            statement.setObject(8, timestamp(at));
            statement.setObject(9, timestamp(at));
            statement.setObject(10, timestamp(at));
        });
    }

    /**
     * Claims, for {@code claimant} until {@code until}, up to {@code limit} attempts in {@code state} that are due at
     * {@code now} and claimed by nobody (or by a claim that ran out), earliest due first. Rows another sender is
     * claiming at this moment are passed over, and a row it has just claimed is seen claimed: one attempt, one sender.
     */
    List<Attempt> claim(AttemptState state, Instant now, Instant until, String claimant, int limit) {
        return jdbc.query("""
                update provider_payment p set claimed_by = ?, claimed_until = ?
                from (select idempotency_key from provider_payment
                      where state = ? and next_try_at <= ? and (claimed_until is null or claimed_until < ?)
                      order by next_try_at, idempotency_key
                      limit ?
                      for update skip locked) due
                where p.idempotency_key = due.idempotency_key
                returning p.*""", ProviderOutbox::attempt, claimant, timestamp(until), state.name(), timestamp(now),
                timestamp(now), limit).stream().sorted(Comparator.comparing(Claimed::nextTryAt)
                .thenComparing(claimed -> claimed.attempt().idempotencyKey())).map(Claimed::attempt).toList();
    }

    /** Gives these claims back untouched, so that the next round takes them again at once. */
    void release(Collection<Attempt> attempts, String claimant) {
        List<Attempt> released = List.copyOf(attempts);
        jdbc.batchUpdate("""
                update provider_payment set claimed_by = null, claimed_until = null
                where idempotency_key = ? and claimed_by = ?""", released, released.size(), (statement, attempt) -> {
            statement.setString(1, attempt.idempotencyKey());
            statement.setString(2, claimant);
        });
    }

    /** The request is built and stored, the payout queued under the key at {@code queuedVersion} (or not at all). */
    boolean ready(String key, String claimant, String body, Long queuedVersion, Instant now) {
        return jdbc.update("""
                update provider_payment set state = 'READY', body = ?, queued_version = ?, next_try_at = ?,
                    updated_at = ?, claimed_by = null, claimed_until = null
                where idempotency_key = ? and state = 'PENDING' and claimed_by = ?""", body, queuedVersion,
                timestamp(now), timestamp(now), key, claimant) == 1;
    }

    /**
     * Moves a claimed attempt from {@code from} to {@code to}, with a reason if one is given; the request is dropped
     * once the attempt leaves {@code READY}, since the provider will not be sent it again. False if the attempt was
     * not in {@code from}, or is claimed by another sender now.
     */
    boolean move(String key, String claimant, AttemptState from, AttemptState to, String reason, Instant now) {
        return jdbc.update("""
                update provider_payment set state = ?, reason = coalesce(?, reason),
                    body = case when ? then body end, next_try_at = ?, updated_at = ?,
                    claimed_by = null, claimed_until = null
                where idempotency_key = ? and state = ? and claimed_by = ?""", to.name(), shortened(reason),
                to == AttemptState.READY, timestamp(now), timestamp(now), key, from.name(), claimant) == 1;
    }

    /** The provider took the attempt (and may have named it): {@code to} is ACCEPTED or, with nothing to tell, SENT. */
    boolean accepted(String key, String claimant, AttemptState to, String providerReference, Instant now) {
        return jdbc.update("""
                update provider_payment set state = ?, provider_reference = ?, body = null, last_error = null,
                    tries = tries + 1, next_try_at = ?, updated_at = ?, claimed_by = null, claimed_until = null
                where idempotency_key = ? and state = 'READY' and claimed_by = ?""", to.name(),
                cut(providerReference, 140), timestamp(now), timestamp(now), key, claimant) == 1;
    }

    /** The provider refused the attempt for good: it is to be failed with the provider's reason. */
    boolean refused(String key, String claimant, String reason, Instant now) {
        return jdbc.update("""
                update provider_payment set state = 'FAILING', reason = ?, body = null, tries = tries + 1,
                    next_try_at = ?, updated_at = ?, claimed_by = null, claimed_until = null
                where idempotency_key = ? and state = 'READY' and claimed_by = ?""", shortened(reason),
                timestamp(now), timestamp(now), key, claimant) == 1;
    }

    /** The request did not get an answer that counts: sent again, under the same key, at {@code nextTryAt}. */
    boolean tryAgain(String key, String claimant, String error, Instant nextTryAt, Instant now) {
        return jdbc.update("""
                update provider_payment set tries = tries + 1, last_error = ?, next_try_at = ?, updated_at = ?,
                    claimed_by = null, claimed_until = null
                where idempotency_key = ? and state = 'READY' and claimed_by = ?""", shortened(error),
                timestamp(nextTryAt), timestamp(now), key, claimant) == 1;
    }

    /** The attempts the provider has not taken or refused yet, and since when the oldest has waited. */
    Waiting waiting() {
        return jdbc.queryForObject("""
                select count(*), min(handed_over_at) from provider_payment where state in ('PENDING', 'READY')""",
                (row, index) -> new Waiting(row.getLong(1), Optional.ofNullable(row.getObject(2,
                        OffsetDateTime.class)).map(OffsetDateTime::toInstant)));
    }

    /** The attempts waiting for the provider: how many, and when the oldest was handed over. */

    private static Claimed attempt(ResultSet row, int index) throws SQLException {
        long queuedVersion = row.getLong("queued_version");
        Long queued = row.wasNull() ? null : queuedVersion;
        return new Claimed(new Attempt(row.getString("idempotency_key"), new PayoutId(row.getString("payout_id")),
                row.getLong("attempt"), new DriverId(row.getString("driver_id")), row.getLong("net_amount"),
                Rail.valueOf(row.getString("rail")), row.getBoolean("retry"),
                AttemptState.valueOf(row.getString("state")), row.getString("body"), queued, row.getInt("tries"),
                row.getString("reason")), row.getObject("next_try_at", OffsetDateTime.class).toInstant());
    }

    private record Claimed(Attempt attempt, Instant nextTryAt) {
    }

    private static String shortened(String text) {
        return cut(text, 500);
    }

    private static String cut(String text, int length) {
        return text == null || text.length() <= length ? text : text.substring(0, length);
    }
}
