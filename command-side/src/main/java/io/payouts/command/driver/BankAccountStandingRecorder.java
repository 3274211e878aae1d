package io.payouts.command.driver;

import io.payouts.shared.driver.DriverBankAccountRemovedEvent;
import io.payouts.shared.driver.DriverBankAccountSetEvent;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Whether a driver has a bank account on file, kept in {@code driver_standing} beside the rest of who may be paid
 * (ADR-0017), in the same subscribing processor as {@link DriverStandingRecorder}: written in the unit of work of the
 * command that set or removed the account, so a payment decided after that command sees it, and read with the
 * standing's {@code for share} lock by every command that pays. An erasure of the driver's personal data clears it in
 * its own transaction (ADR-0026), since the account is then unreadable.
 */
@Component
@ProcessingGroup(DriverStandingRecorder.PROCESSING_GROUP)
class BankAccountStandingRecorder {

    private final JdbcTemplate jdbc;

    BankAccountStandingRecorder(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @EventHandler
    void on(DriverBankAccountSetEvent event) {
        onFile(event.driverId().value(), true);
    }

    @EventHandler
    void on(DriverBankAccountRemovedEvent event) {
        onFile(event.driverId().value(), false);
    }

    private void onFile(String driverId, boolean onFile) {
        jdbc.update("update driver_standing set bank_account = ? where driver_id = ?", onFile, driverId);
    }
}
