package io.payouts.client.drivers;

import java.time.Instant;

/**
 * A driver's account as the service shows it: {@code last4} of the number, never all of it. A US account has
 * {@code routingNumber} and {@code accountType}, one by IBAN its {@code bic}; the others are null.
 */
public record BankAccount(String driverId, String holderName, String country, String accountType,
                          String routingNumber, String bic, String last4, Instant updatedAt) {
}
