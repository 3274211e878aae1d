package io.payouts.shared.payout;

import io.payouts.shared.PayoutScoped;
import io.payouts.shared.wallet.TransactionId;

import java.time.Instant;
import java.util.Objects;

/**
 * The bank sent a completed payout's money back (a return: the account is closed, the name does not match...): the
 * payout ends failed and its amount is credited back to the wallet as the funding transaction {@code creditId}.
 * {@code reason} is the bank's, such as {@code AC04 closed account number}.
 */
public record ReturnPayoutCommand(PayoutId payoutId, String reason, TransactionId creditId, Instant returnedAt)
        implements PayoutScoped {

    public ReturnPayoutCommand {
        Objects.requireNonNull(payoutId, "payoutId");
        if (reason == null || reason.isBlank()) {
            throw new IllegalArgumentException("a return has a reason");
        }
        Objects.requireNonNull(creditId, "creditId");
        Objects.requireNonNull(returnedAt, "returnedAt");
    }
}
