package io.payouts.shared.driver;

/** What a KYC check reports. */
public enum KycOutcome {
    VERIFIED,
    REJECTED
}
