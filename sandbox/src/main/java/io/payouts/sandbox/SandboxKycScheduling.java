package io.payouts.sandbox;

import io.payouts.platform.tables.ForgetsSandbox;
import io.payouts.platform.tables.SandboxWorld;
import io.payouts.shared.MetadataKeys;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverRegisteredEvent;
import io.payouts.shared.eventhandling.ProcessingGroups;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.DisallowReplay;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.Timestamp;
import org.axonframework.messaging.annotation.MetaDataValue;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.time.Instant;

/**
 * A new sandbox driver is KYC-verified automatically shortly after registration (decisions.md, States), unless it
 * was registered under X-Sandbox-Scenario: kyc_pending (the scenario rides on the event's metadata). Runs from the
 * event store, so a registration just before a crash is still scheduled; the row commits with the processor's
 * token, and {@link SandboxKycVerifier} sends the verification when it is due. Never replayed: a replay would plan
 * verifications for drivers registered long ago.
 */
@ProcessingGroup(ProcessingGroups.SANDBOX_KYC_VERIFICATION)
@DisallowReplay
class SandboxKycScheduling implements ForgetsSandbox {

    private final JdbcTemplate jdbc;
    private final Duration delay;

    SandboxKycScheduling(JdbcTemplate jdbc, Duration delay) {
        this.jdbc = jdbc;
        this.delay = delay;
    }

    @EventHandler
    void on(DriverRegisteredEvent event, @Timestamp Instant registeredAt,
            @MetaDataValue(MetadataKeys.SANDBOX_SCENARIO) String scenario) {
        if (event.mode() != Mode.SANDBOX || MetadataKeys.KYC_PENDING_SCENARIO.equals(scenario)) {
            return;
        }
        jdbc.update("insert into sandbox_kyc_verification (driver_id, due_at) values (?, ?) on conflict do nothing",
                event.driverId().value(), java.sql.Timestamp.from(registeredAt.plus(delay)));
    }

    /** A sandbox reset (ADR-0015) drops every planned verification: only sandbox drivers have one. */
    @Override
    public int forget(SandboxWorld world) {
        return jdbc.update("delete from sandbox_kyc_verification");
    }
}
