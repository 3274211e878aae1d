package io.payouts.shared.wallet;

/** What settling a top-up did: its {@code amount} became available, leaving {@code available} in the wallet. */
public record TopUpSettlement(long amount, long available) {
}
