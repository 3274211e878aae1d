package io.payouts.shared.driver;

import java.time.Instant;

/**
 * A driver's bank account as the API shows it: never the full number, only its {@code last4}. {@code routingNumber}
 * and {@code accountType} belong to a US account, {@code bic} to one by IBAN; the others are null.
 */
public record DriverBankAccountView(DriverId driverId, String holderName, String country,
                                    BankAccountType accountType, String routingNumber, String bic, String last4,
                                    Instant updatedAt) {
}
