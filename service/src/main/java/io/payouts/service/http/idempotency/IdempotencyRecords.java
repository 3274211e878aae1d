package io.payouts.service.http.idempotency;

import io.payouts.platform.tables.ErasesPersonalData;
import io.payouts.platform.tables.ForgetsSandbox;
import io.payouts.platform.tables.SandboxWorld;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;

/**
 * The {@code idempotency_record} table (ADR-0010). Every method is one statement in its own transaction, so no
 * lock or connection is held while the request itself runs.
 */
public class IdempotencyRecords implements ForgetsSandbox, ErasesPersonalData {

    static final String COMPLETED = "completed";
    private static final int REMOVAL_BATCH = 1_000;

    private final JdbcTemplate jdbc;

    IdempotencyRecords(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Takes the key for a request that will now run: inserts an in-progress record, or replaces one that has
     * expired. False when an unexpired record exists; concurrent claims of one key cannot both succeed.
     */
    boolean claim(Scope scope, String requestHash, Instant now, Instant expiresAt) {
        return jdbc.update("""
                insert into idempotency_record (caller, route, idempotency_key, request_hash, state, created_at,
                                                expires_at)
                values (?, ?, ?, ?, 'in_progress', ?, ?)
                on conflict (caller, route, idempotency_key) do update
                    set request_hash = excluded.request_hash, state = excluded.state, response_status = null,
                        response_content_type = null, response_body = null, created_at = excluded.created_at,
                        expires_at = excluded.expires_at
                    where idempotency_record.expires_at <= excluded.created_at
                """, scope.caller(), scope.route(), scope.key(), requestHash, at(now), at(expiresAt)) == 1;
    }

    Optional<Stored> find(Scope scope) {
        List<Stored> found = jdbc.query("""
                select request_hash, state, response_status, response_content_type, response_body, created_at,
                       expires_at
                from idempotency_record where caller = ? and route = ? and idempotency_key = ?
                """, STORED, scope.caller(), scope.route(), scope.key());
        return found.stream().findFirst();
    }

    /** Records the response of the request that claimed the key at {@code claimedAt}. */
    void complete(Scope scope, Instant claimedAt, int status, String contentType, byte[] sealedBody) {
        jdbc.update("""
                update idempotency_record
                set state = 'completed', response_status = ?, response_content_type = ?, response_body = ?
                where caller = ? and route = ? and idempotency_key = ? and state = 'in_progress' and created_at = ?
                """, status, contentType, sealedBody, scope.caller(), scope.route(), scope.key(), at(claimedAt));
    }

    /** Frees the key the request claimed at {@code claimedAt}: it was refused before it ran. */
    void release(Scope scope, Instant claimedAt) {
        jdbc.update("""
                delete from idempotency_record
                where caller = ? and route = ? and idempotency_key = ? and state = 'in_progress' and created_at = ?
                """, scope.caller(), scope.route(), scope.key(), at(claimedAt));
    }

    /** Deletes records that expired before {@code now}, in batches; returns how many went. */
    public int removeExpired(Instant now) {
        int removed = 0;
        int batch;
        do {
            batch = jdbc.update("""
                    delete from idempotency_record
                    where (caller, route, idempotency_key) in (
                        select caller, route, idempotency_key from idempotency_record
                        where expires_at < ? limit ? for update skip locked)
                    """, at(now), REMOVAL_BATCH);
            removed += batch;
        } while (batch == REMOVAL_BATCH);
        return removed;
    }

    /**
     * A sandbox reset (ADR-0015) deletes the stored answers of requests made with a sandbox key (the caller names its
     * key); a request still under way keeps its claim.
     */
    @Override
    public int forget(SandboxWorld world) {
        return jdbc.update("delete from idempotency_record where state = 'completed' and caller in"
                + " (select 'key:' || id from unnest(?) as sandbox_key (id))", (Object) world.apiKeyIds());
    }

    /** Stored first answers of registrations and profile updates repeat what was sent (ADR-0010, ADR-0026). */
    @Override
    public void erase(String driverId) {
        jdbc.update("delete from idempotency_record where response_body is not null"
                + " and position(convert_to(?, 'UTF8') in response_body) > 0", driverId);
    }

    private static OffsetDateTime at(Instant instant) {
        return instant.atOffset(ZoneOffset.UTC);
    }

    private static final RowMapper<Stored> STORED = (row, index) -> new Stored(
            row.getString("request_hash"),
            COMPLETED.equals(row.getString("state")),
            row.getInt("response_status"),
            row.getString("response_content_type"),
            row.getBytes("response_body"),
            row.getObject("created_at", OffsetDateTime.class).toInstant(),
            row.getObject("expires_at", OffsetDateTime.class).toInstant());

    /**
     * Whose key it is: the caller's credential (its rate-limit bucket key, which names the API key or session, never
     * its value), the method and path, and the client's key.
     */
    record Scope(String caller, String route, String key) {

        /** Binds a sealed response to its record and status, so it cannot be replayed under another. */
        String sealingContext(int status, String contentType) {
            return String.join("\n", caller, route, key, Integer.toString(status), String.valueOf(contentType));
        }
    }

    /** A record as stored; the response fields are set only when it is completed. */
    record Stored(String requestHash, boolean completed, int responseStatus, String responseContentType,
                  byte[] sealedResponseBody, Instant createdAt, Instant expiresAt) {
    }
}
