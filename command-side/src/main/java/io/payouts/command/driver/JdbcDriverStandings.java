package io.payouts.command.driver;

import io.payouts.shared.Mode;
import io.payouts.shared.driver.BankAccountStanding;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DriverStanding;
import io.payouts.shared.driver.DriverStatus;
import io.payouts.shared.driver.KycStatus;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/**
 * Standings live in {@code driver_standing}, one row per driver. A payment holds the rows it read with
 * {@code for share}, so a deactivation or KYC change of the same driver waits until the payment's unit of work ends.
 * Whether a missing bank account stops a payment depends on the mode's rail ({@link BankAccountsRequired}).
 */
@Component
class JdbcDriverStandings implements DriverStandings {

    private final JdbcTemplate jdbc;
    private final BankAccountsRequired bankAccountsRequired;

    JdbcDriverStandings(JdbcTemplate jdbc, BankAccountsRequired bankAccountsRequired) {
        this.jdbc = jdbc;
        this.bankAccountsRequired = bankAccountsRequired;
    }

    @Override
    public Map<DriverId, DriverStanding> holdForPayment(Mode mode, Collection<DriverId> drivers) {
        return read(mode, drivers, " order by driver_id for share");
    }

    @Override
    public Map<DriverId, DriverStanding> find(Mode mode, Collection<DriverId> drivers) {
        return read(mode, drivers, "");
    }

    private Map<DriverId, DriverStanding> read(Mode mode, Collection<DriverId> drivers, String lock) {
        Map<DriverId, DriverStanding> standings = new HashMap<>();
        if (drivers.isEmpty()) {
            return standings;
        }
        String[] ids = drivers.stream().map(DriverId::value).distinct().toArray(String[]::new);
        jdbc.query("""
                        select driver_id, status, kyc_status, name, bank_account from driver_standing
                        where driver_id = any (?) and mode = ?""" + lock,
                row -> {
                    DriverId driverId = new DriverId(row.getString("driver_id"));
                    standings.put(driverId, new DriverStanding(driverId, mode,
                            DriverStatus.valueOf(row.getString("status")),
                            KycStatus.valueOf(row.getString("kyc_status")), row.getString("name"),
                            bankAccount(mode, row.getBoolean("bank_account"))));
                },
                ids, mode.name());
        return standings;
    }

    private BankAccountStanding bankAccount(Mode mode, boolean onFile) {
        if (onFile) {
            return BankAccountStanding.ON_FILE;
        }
        return bankAccountsRequired.in(mode) ? BankAccountStanding.MISSING : BankAccountStanding.NOT_NEEDED;
    }

    @Override
    public void registered(DriverId driverId, Mode mode, String name) {
        jdbc.update("""
                insert into driver_standing (driver_id, mode, status, kyc_status, name) values (?, ?, ?, ?, ?)
                on conflict (driver_id) do nothing""",
                driverId.value(), mode.name(), DriverStatus.INVITED.name(), KycStatus.PENDING.name(), name);
    }

    @Override
    public void renamed(DriverId driverId, String name) {
        jdbc.update("update driver_standing set name = ? where driver_id = ?", name, driverId.value());
    }

    @Override
    public void kycVerified(DriverId driverId) {
        jdbc.update("update driver_standing set status = ?, kyc_status = ? where driver_id = ?",
                DriverStatus.ACTIVE.name(), KycStatus.VERIFIED.name(), driverId.value());
    }

    @Override
    public void kycRejected(DriverId driverId) {
        jdbc.update("update driver_standing set kyc_status = ? where driver_id = ?", KycStatus.REJECTED.name(),
                driverId.value());
    }

    @Override
    public void deactivated(DriverId driverId) {
        jdbc.update("update driver_standing set status = ? where driver_id = ?", DriverStatus.INACTIVE.name(),
                driverId.value());
    }

    @Override
    public void bankAccount(DriverId driverId, boolean onFile) {
        jdbc.update("update driver_standing set bank_account = ? where driver_id = ?", onFile, driverId.value());
    }
}
