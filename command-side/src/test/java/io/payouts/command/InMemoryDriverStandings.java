package io.payouts.command;

import io.payouts.command.driver.DriverStandings;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.BankAccountStanding;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DriverStanding;
import io.payouts.shared.driver.DriverStatus;
import io.payouts.shared.driver.KycStatus;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Drivers' standings held in memory, for the tests of the handlers that pay (admission, batch release). */
public final class InMemoryDriverStandings implements DriverStandings {

    private final Map<Mode, Map<DriverId, DriverStanding>> standings = new ConcurrentHashMap<>();

    /** An active, KYC-verified driver of the mode. */
    public InMemoryDriverStandings payable(DriverId driverId, Mode mode) {
        inMode(mode).put(driverId, new DriverStanding(driverId, mode, DriverStatus.ACTIVE, KycStatus.VERIFIED, "Driver " + driverId.value()));
        return this;
    }

    /** An active, KYC-verified driver whose mode's rail needs a bank account they do not have. */
    public InMemoryDriverStandings withoutNeededBankAccount(DriverId driverId, Mode mode) {
        inMode(mode).put(driverId, new DriverStanding(driverId, mode, DriverStatus.ACTIVE, KycStatus.VERIFIED,
                "Driver " + driverId.value(), BankAccountStanding.MISSING));
        return this;
    }

    /** The driver stays registered but can no longer be paid. */
    public InMemoryDriverStandings deactivated(DriverId driverId, Mode mode) {
        inMode(mode).computeIfPresent(driverId, (id, standing) ->
                new DriverStanding(id, mode, DriverStatus.INACTIVE, standing.kycStatus(), standing.name(),
                        standing.bankAccount()));
        return this;
    }

    @Override
    public Map<DriverId, DriverStanding> holdForPayment(Mode mode, Collection<DriverId> drivers) {
        return find(mode, drivers);
    }

    @Override
    public Map<DriverId, DriverStanding> find(Mode mode, Collection<DriverId> drivers) {
        Map<DriverId, DriverStanding> found = new HashMap<>();
        drivers.forEach(driverId -> {
            DriverStanding standing = inMode(mode).get(driverId);
            if (standing != null) {
                found.put(driverId, standing);
            }
        });
        return found;
    }

    @Override
    public void registered(DriverId driverId, Mode mode, String name) {
        inMode(mode).putIfAbsent(driverId,
                new DriverStanding(driverId, mode, DriverStatus.INVITED, KycStatus.PENDING, name));
    }

    @Override
    public void renamed(DriverId driverId, String name) {
        standings.values().forEach(drivers -> drivers.computeIfPresent(driverId, (id, standing) ->
                new DriverStanding(id, standing.mode(), standing.status(), standing.kycStatus(), name,
                        standing.bankAccount())));
    }

    @Override
    public void kycVerified(DriverId driverId) {
        standings.values().forEach(drivers -> drivers.computeIfPresent(driverId, (id, standing) ->
                new DriverStanding(id, standing.mode(), DriverStatus.ACTIVE, KycStatus.VERIFIED, standing.name(),
                        standing.bankAccount())));
    }

    @Override
    public void kycRejected(DriverId driverId) {
        standings.values().forEach(drivers -> drivers.computeIfPresent(driverId, (id, standing) ->
                new DriverStanding(id, standing.mode(), standing.status(), KycStatus.REJECTED, standing.name(),
                        standing.bankAccount())));
    }

    @Override
    public void deactivated(DriverId driverId) {
        standings.values().forEach(drivers -> drivers.computeIfPresent(driverId, (id, standing) ->
                new DriverStanding(id, standing.mode(), DriverStatus.INACTIVE, standing.kycStatus(), standing.name(),
                        standing.bankAccount())));
    }

    /** These standings pay as the simulated rail does: a driver without an account needs none. */
    @Override
    public void bankAccount(DriverId driverId, boolean onFile) {
        standings.values().forEach(drivers -> drivers.computeIfPresent(driverId, (id, standing) ->
                new DriverStanding(id, standing.mode(), standing.status(), standing.kycStatus(), standing.name(),
                        onFile ? BankAccountStanding.ON_FILE : BankAccountStanding.NOT_NEEDED)));
    }

    private Map<DriverId, DriverStanding> inMode(Mode mode) {
        return standings.computeIfAbsent(mode, ignored -> new ConcurrentHashMap<>());
    }
}
