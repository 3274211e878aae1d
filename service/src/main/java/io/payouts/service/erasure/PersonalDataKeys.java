package io.payouts.service.erasure;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.payouts.platform.tables.ForgetsSandbox;
import io.payouts.platform.tables.SandboxWorld;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Each driver's personal-data key, in {@code driver_personal_data_key} (ADR-0026). A key is committed in a
 * transaction of its own before the driver's first event is written, never in the event's: with events in Axon
 * Server, an event is readable there before the command's PostgreSQL transaction commits, and a processor on any
 * instance that read it first would find no key. It is destroyed by erasure. Keys read for decryption
 * are held briefly; erasure forgets them here at once, and another instance within {@link #READ_CACHE_TTL}.
 */
class PersonalDataKeys implements ForgetsSandbox {

    static final Duration READ_CACHE_TTL = Duration.ofSeconds(30);

    /** What is known of a driver's key: present, erased, or never made (events stored before ADR-0026). */
    record KeyState(byte[] secret, Instant erasedAt) {

        static final KeyState NONE = new KeyState(null, null);

        boolean erased() {
            return erasedAt != null;
        }
    }

    private final JdbcTemplate jdbc;
    private final TransactionTemplate ownTransaction;
    private final Clock clock;
    private final Cache<String, KeyState> committed = Caffeine.newBuilder().expireAfterWrite(READ_CACHE_TTL)
            .maximumSize(100_000).build();
    private final AtomicLong erasures = new AtomicLong();

    PersonalDataKeys(JdbcTemplate jdbc, PlatformTransactionManager transactions, Clock clock) {
        this.jdbc = jdbc;
        this.ownTransaction = new TransactionTemplate(transactions);
        this.ownTransaction.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRES_NEW);
        this.clock = clock;
    }

    /** For reading events. */
    KeyState stateOf(String driverId) {
        KeyState cached = committed.getIfPresent(driverId);
        if (cached != null) {
            return cached;
        }
        long erasuresBefore = erasures.get();
        KeyState state = load(driverId).orElse(KeyState.NONE);
        if (state != KeyState.NONE) {
            rememberUnlessErasedMeanwhile(driverId, state, erasuresBefore);
        }
        return state;
    }

    /**
     * A key read while an erasure was under way may be the one it destroys, read before its commit: kept, it would
     * decrypt the driver's events here until the cache expires.
     */
    private synchronized void rememberUnlessErasedMeanwhile(String driverId, KeyState state, long erasuresBefore) {
        if (erasures.get() == erasuresBefore) {
            committed.put(driverId, state);
        }
    }

    private synchronized void forgetOnceErased(String driverId) {
        erasures.incrementAndGet();
        committed.invalidate(driverId);
    }

    /**
     * Makes the driver's key unless it has one (or had one, erased), and commits it before returning, whatever
     * transaction the caller is in. A key whose command is then refused stays unused: it opens nothing, and its
     * driver id is never given out again.
     */
    void commitKeyFor(String driverId) {
        ownTransaction.executeWithoutResult(status -> jdbc.update(
                "insert into driver_personal_data_key (driver_id, secret, created_at) values (?, ?, ?)"
                        + " on conflict (driver_id) do nothing", driverId, PersonalDataCipher.newKey(),
                Timestamp.from(clock.instant())));
    }

    /**
     * For writing an event: the driver's key, committed before the event can be. Commands that write personal data
     * have it committed before they are sent ({@link KeysBeforeDriverCommands}); for an event that came another way
     * it is committed here, in a transaction of its own (a second connection while the caller holds one).
     */
    KeyState forWriting(String driverId) {
        Optional<KeyState> committedBefore = load(driverId);
        if (committedBefore.isPresent()) {
            return committedBefore.get();
        }
        commitKeyFor(driverId);
        return load(driverId).orElseThrow();
    }

    /** Destroys the key; the first erasure's time stands. */
    Instant erase(String driverId, String erasedBy) {
        Instant now = clock.instant();
        jdbc.update("""
                insert into driver_personal_data_key (driver_id, secret, created_at, erased_at, erased_by)
                values (?, null, ?, ?, ?)
                on conflict (driver_id) do update set secret = null, erased_at = excluded.erased_at,
                    erased_by = excluded.erased_by
                where driver_personal_data_key.erased_at is null""", driverId, Timestamp.from(now),
                Timestamp.from(now), erasedBy);
        forgetOnceErased(driverId);
        if (TransactionSynchronizationManager.isSynchronizationActive()) {
            TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                @Override
                public void afterCommit() {
                    forgetOnceErased(driverId);
                }
            });
        }
        return load(driverId).map(KeyState::erasedAt).orElse(now);
    }

    /**
     * The sandbox drivers' keys in a sandbox reset (ADR-0015): deleted with the events they open, or, where the events
     * stay stored, destroyed as an erasure does, so that a rebuild still reads those events and shows their personal
     * data as erased until the reset in the stream forgets them.
     */
    @Override
    public int forget(SandboxWorld world) {
        Object drivers = world.aggregateIds();
        return world.eventsKept()
                ? jdbc.update("update driver_personal_data_key set secret = null, erased_at = now(),"
                        + " erased_by = 'sandbox reset' where erased_at is null and driver_id = any (?)", drivers)
                : jdbc.update("delete from driver_personal_data_key where driver_id = any (?)", drivers);
    }

    private Optional<KeyState> load(String driverId) {
        List<KeyState> found = jdbc.query("select secret, erased_at from driver_personal_data_key where driver_id = ?",
                (row, number) -> new KeyState(row.getBytes("secret"), row.getTimestamp("erased_at") == null ? null
                        : row.getTimestamp("erased_at").toInstant()), driverId);
        return found.stream().findFirst();
    }
}
