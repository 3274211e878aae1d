package io.payouts.shared.driver;

/** Outcome of the driver's identity verification so far. */
public enum KycStatus {
    PENDING,
    VERIFIED,
    REJECTED
}
