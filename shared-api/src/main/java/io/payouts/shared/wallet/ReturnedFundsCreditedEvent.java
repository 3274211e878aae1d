package io.payouts.shared.wallet;

import io.payouts.shared.Mode;
import io.payouts.shared.PayoutScoped;
import io.payouts.shared.WalletScoped;
import io.payouts.shared.payout.PayoutId;
import org.axonframework.serialization.Revision;

import java.time.Instant;

/**
 * A completed payout came back from the bank: its amount, debited at completion, is available again, recorded as the
 * credit {@code transactionId}.
 */
@Revision("1")
public record ReturnedFundsCreditedEvent(WalletId walletId, Mode mode, TransactionId transactionId, PayoutId payoutId,
                                         long amount, String reason, Instant creditedAt)
        implements WalletEvent, WalletScoped, PayoutScoped {
}
