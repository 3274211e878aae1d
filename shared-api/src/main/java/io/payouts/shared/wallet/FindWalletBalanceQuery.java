package io.payouts.shared.wallet;

import io.payouts.shared.Mode;

/** The mode's wallet balance, as the read model holds it. A wallet never funded is empty. */
public record FindWalletBalanceQuery(Mode mode) {
}
