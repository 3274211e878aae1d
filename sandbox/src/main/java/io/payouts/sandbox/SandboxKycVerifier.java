package io.payouts.sandbox;

import io.payouts.platform.commands.Commands;
import io.payouts.platform.commands.Origin;
import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.VerifyPendingKycCommand;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

/**
 * Verifies the KYC of sandbox drivers whose automatic verification is due (ADR-0015). Each poll claims due rows
 * with {@code for update skip locked}, sends the verification in a transaction of its own, and deletes the row in
 * the claiming transaction. A driver whose KYC was already decided by hand, or that was deactivated, is left as it
 * is by the driver itself ({@link VerifyPendingKycCommand}); one that went with a reset is simply dropped; anything
 * else (a reset under way) is tried again a second later.
 */
public class SandboxKycVerifier {

    static final String CALLER = "sandbox:kyc";
    private static final int BATCH_SIZE = 100;
    private static final Duration RETRY = Duration.ofSeconds(1);

    private static final Logger log = LoggerFactory.getLogger(SandboxKycVerifier.class);

    private final JdbcTemplate jdbc;
    private final Commands commands;
    private final Clock clock;
    private final TransactionTemplate claiming;
    private final TransactionTemplate outsideTransaction;

    SandboxKycVerifier(JdbcTemplate jdbc, Commands commands, Clock clock,
                       PlatformTransactionManager transactions) {
        this.jdbc = jdbc;
        this.commands = commands;
        this.clock = clock;
        this.claiming = new TransactionTemplate(transactions);
        this.outsideTransaction = new TransactionTemplate(transactions);
        this.outsideTransaction.setPropagationBehavior(TransactionDefinition.PROPAGATION_NOT_SUPPORTED);
    }

    /** Verifies every driver due now, a batch per transaction; a stopping poller's interrupt ends it early. */
    public void verifyDue() {
        Integer claimed;
        do {
            claimed = claiming.execute(status -> {
                List<String> due = jdbc.queryForList("""
                        select driver_id from sandbox_kyc_verification where due_at <= ?
                        order by due_at limit ? for update skip locked""", String.class,
                        Timestamp.from(clock.instant()), BATCH_SIZE);
                due.forEach(this::verify);
                return due.size();
            });
        } while (claimed != null && claimed == BATCH_SIZE && !Thread.currentThread().isInterrupted());
    }

    private void verify(String driverId) {
        try {
            outsideTransaction.executeWithoutResult(status -> send(new DriverId(driverId)));
        } catch (DomainException refused) {
            if (refused.code() == ErrorCode.NOT_FOUND) {
                log.debug("Sandbox driver {} no longer exists; nothing to verify", driverId);
                return;
            }
            if (refused.code() == ErrorCode.UNAVAILABLE) {
                jdbc.update("update sandbox_kyc_verification set due_at = ?, attempts = attempts + 1"
                        + " where driver_id = ?", Timestamp.from(clock.instant().plus(RETRY)), driverId);
                return;
            }
            log.debug("Sandbox driver {} not verified automatically: {}", driverId, refused.getMessage());
        }
        jdbc.update("delete from sandbox_kyc_verification where driver_id = ?", driverId);
    }

    private void send(DriverId driverId) {
        commands.send(new VerifyPendingKycCommand(driverId, Mode.SANDBOX, clock.instant()),
                Origin.system(CALLER, Mode.SANDBOX));
    }
}
