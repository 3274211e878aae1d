package io.payouts.shared.wallet;

import io.payouts.shared.payout.PayoutId;

import java.time.Instant;

/**
 * One movement of money in or out of the wallet. {@code balance} is the wallet's balance after it: the funds held
 * (available plus in transit), which credits raise and debits lower. {@code payoutId} is set on debits.
 */
public record FundingTransaction(TransactionId id, TransactionType type, long amount, long balance,
                                 String description, PayoutId payoutId, Instant createdAt) {
}
