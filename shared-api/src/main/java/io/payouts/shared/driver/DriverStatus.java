package io.payouts.shared.driver;

/** Lifecycle of a driver: invited at registration, active once KYC is verified, inactive once deactivated. */
public enum DriverStatus {
    INVITED,
    ACTIVE,
    INACTIVE
}
