package io.payouts.shared.wallet;

import io.payouts.shared.Mode;

/**
 * The mode's wallet balance. {@code minWalletVersion} is the wallet stream's sequence number the answer must
 * reflect (ADR-0005); -1 for now. A wallet never funded is empty.
 */
public record FindWalletBalanceQuery(Mode mode, long minWalletVersion) {
}
