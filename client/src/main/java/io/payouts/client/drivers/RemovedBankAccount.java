package io.payouts.client.drivers;

import java.time.Instant;

/** The driver whose account was taken off file, and when. */
public record RemovedBankAccount(String driverId, Instant removedAt) {
}
