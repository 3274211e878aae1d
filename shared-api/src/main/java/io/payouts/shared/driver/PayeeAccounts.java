package io.payouts.shared.driver;

import io.payouts.shared.Mode;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Where a rail that sends money (a bank's ISO 20022 files, a payment provider) finds the account to pay a driver to.
 * A port of the service, not a message: the account is decrypted with the driver's personal-data key (ADR-0026) in
 * the JVM that asks, and never crosses a message bus or lands in a table in clear.
 */
public interface PayeeAccounts {

    /**
     * The account on file for this driver in this mode; empty when the driver has none (never set, removed, or gone
     * with an erasure of their personal data) or is not a driver of this mode.
     */
    Optional<PayeeAccount> find(DriverId driverId, Mode mode);

    /** {@link #find} for each of these drivers, every one a key of the answer: for a file that pays many. */
    default Map<DriverId, Optional<PayeeAccount>> findAll(Collection<DriverId> driverIds, Mode mode) {
        Map<DriverId, Optional<PayeeAccount>> accounts = new LinkedHashMap<>();
        driverIds.forEach(driverId -> accounts.put(driverId, find(driverId, mode)));
        return accounts;
    }
}
