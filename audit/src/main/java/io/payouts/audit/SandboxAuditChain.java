package io.payouts.audit;

import io.payouts.platform.tables.ForgetsSandbox;
import io.payouts.platform.tables.SandboxWorld;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * A sandbox reset (ADR-0015) deletes the sandbox's audit chain (ADR-0025) with the events it covers, and with each
 * link the copy of its event's bytes, where the audit log keeps one (on delete cascade); the next sandbox event starts
 * the chain anew. The production chain is never cut.
 */
@Component
class SandboxAuditChain implements ForgetsSandbox {

    private final JdbcTemplate jdbc;

    SandboxAuditChain(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public int forget(SandboxWorld world) {
        return jdbc.update("delete from audit_event where chain = ?", AuditLogWriter.SANDBOX_CHAIN);
    }
}
