package io.payouts.command.driver;

import io.payouts.shared.DomainException;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DriverNotFoundException;
import io.payouts.shared.driver.DriverStanding;

import java.util.Collection;
import java.util.Map;
import java.util.Optional;

/**
 * Who may be paid, as the command side decides it: each driver's status and KYC status, written in the
 * unit of work of the driver's own command ({@link DriverStandingRecorder}) and read in the unit of work that
 * reserves funds for a payout, so a payout never goes to a driver who is not payable at that moment, whichever path
 * it takes (single, bulk, retry, a batch's release).
 */
public interface DriverStandings {

    /**
     * The standing of each of these drivers that exists in {@code mode}; a driver of another mode, or none, is
     * absent. Held until the unit of work ends: a change to one of these drivers waits for it, so the payouts it
     * admits were admitted against the driver's standing at that moment.
     */
    Map<DriverId, DriverStanding> holdForPayment(Mode mode, Collection<DriverId> drivers);

    /**
     * Why a payout to {@code driverId} is refused, given its standing as {@link #holdForPayment} found it (null: not
     * in the mode); empty when the driver may be paid.
     */
    static Optional<DomainException> refusalToPay(DriverId driverId, DriverStanding standing) {
        return standing == null ? Optional.of(new DriverNotFoundException(driverId.value()))
                : standing.refusalToPay().map(DomainException.class::cast);
    }

    /** As {@link #holdForPayment}, without holding anything: to report, not to decide. */
    Map<DriverId, DriverStanding> find(Mode mode, Collection<DriverId> drivers);

    void registered(DriverId driverId, Mode mode, String name);

    void renamed(DriverId driverId, String name);

    void kycVerified(DriverId driverId);

    void kycRejected(DriverId driverId);

    void deactivated(DriverId driverId);

    /** Whether the driver has a bank account on file, which a rail that sends money to one needs (ADR-0035). */
    void bankAccount(DriverId driverId, boolean onFile);
}
