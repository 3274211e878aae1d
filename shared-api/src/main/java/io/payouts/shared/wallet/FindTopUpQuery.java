package io.payouts.shared.wallet;

import io.payouts.shared.Mode;

/** One top-up of the mode's wallet; {@code minWalletVersion} as in {@link FindWalletBalanceQuery}. */
public record FindTopUpQuery(Mode mode, TransactionId transactionId, long minWalletVersion) {
}
