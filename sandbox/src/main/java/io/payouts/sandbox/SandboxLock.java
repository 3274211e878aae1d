package io.payouts.sandbox;

import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A PostgreSQL advisory lock over the sandbox world (ADR-0015): every sandbox command holds it shared for its
 * transaction, a reset holds it exclusively for its own. Transaction-scoped, so a crash or rollback never leaves
 * it held; advisory, so production commands never touch it.
 */
public class SandboxLock {

    /** An arbitrary constant naming the lock: the first eight bytes of "sandbox!" read as a long. */
    public static final long KEY = 0x73616e64626f7821L;

    private final JdbcTemplate jdbc;

    SandboxLock(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Takes the lock shared in the current transaction unless a reset holds or awaits it; true when taken. */
    boolean tryShared() {
        return Boolean.TRUE.equals(jdbc.queryForObject("select pg_try_advisory_xact_lock_shared(?)", Boolean.class, KEY));
    }

    /** Takes the lock exclusively in the current transaction, once the sandbox commands holding it have committed. */
    void exclusive() {
        jdbc.queryForObject("select pg_advisory_xact_lock(?)::text", String.class, KEY);
    }
}
