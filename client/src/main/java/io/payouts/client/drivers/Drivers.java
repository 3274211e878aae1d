package io.payouts.client.drivers;

import io.payouts.client.Page;
import io.payouts.client.PayoutsApiException;
import io.payouts.client.RequestOptions;
import io.payouts.client.Transport;

import java.util.Map;

/** The drivers endpoints (scopes drivers:read, drivers:write). */
public final class Drivers {

    public static final String PATH = "/api/v1/drivers";

    private final Transport transport;

    public Drivers(Transport transport) {
        this.transport = transport;
    }

    public Driver register(NewDriver driver) {
        return register(driver, RequestOptions.none());
    }

    public Driver register(NewDriver driver, RequestOptions options) {
        return transport.post(PATH, driver, options, Driver.class);
    }

    public Driver get(String driverId) {
        return transport.get(PATH + "/" + driverId, Driver.class);
    }

    public Page<Driver> list(int page, int pageSize) {
        return transport.page(PATH, page, pageSize, Driver.class);
    }

    /**
     * Puts the account the driver is paid to on file, replacing any before it; the answer shows it masked. Production
     * pays through a bank or provider rail only to a driver with an account on file.
     */
    public BankAccount setBankAccount(String driverId, NewBankAccount account) {
        return transport.put(bankAccountPath(driverId), account, BankAccount.class);
    }

    /** The driver's account, masked to its last four digits; a 404 {@link PayoutsApiException} when there is none. */
    public BankAccount bankAccount(String driverId) {
        return transport.get(bankAccountPath(driverId), BankAccount.class);
    }

    public RemovedBankAccount removeBankAccount(String driverId) {
        return transport.delete(bankAccountPath(driverId), RemovedBankAccount.class);
    }

    /** Records a verified KYC outcome: the driver becomes active and can be paid. */
    public Driver verifyKyc(String driverId) {
        return transport.post(PATH + "/" + driverId + "/kyc", Map.of("outcome", "verified"), RequestOptions.none(),
                Driver.class);
    }

    private static String bankAccountPath(String driverId) {
        return PATH + "/" + driverId + "/bank-account";
    }
}
