package io.payouts.shared.driver;

/** The driver list's status filter; {@code PENDING} means KYC not yet verified (and not deactivated). */
public enum DriverStatusFilter {
    ACTIVE,
    INACTIVE,
    PENDING
}
