package io.payouts.shared.driver;

/**
 * Whether a driver's bank account lets the mode's rail pay them: production's bank or provider rail sends money to an
 * account and cannot pay a driver without one; the simulated rail and the sandbox pay without.
 */
public enum BankAccountStanding {
    /** An account is on file. */
    ON_FILE,
    /** No account, and the mode's rail needs none. */
    NOT_NEEDED,
    /** No account, and the mode's rail needs one: the driver cannot be paid. */
    MISSING
}
