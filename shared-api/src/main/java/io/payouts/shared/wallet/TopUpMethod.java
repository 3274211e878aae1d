package io.payouts.shared.wallet;

/** How the money of a top-up travels to the wallet; the API spells each in lowercase ({@code bank_transfer}). */
public enum TopUpMethod {
    BANK_TRANSFER,
    WIRE,
    ACH
}
