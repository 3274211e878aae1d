package io.payouts.shared.wallet;

import io.payouts.shared.Mode;
import io.payouts.shared.WalletScoped;
import org.axonframework.serialization.Revision;

import java.time.Instant;

/**
 * An owner or admin set the mode's approval threshold (ADR-0046): a payout, or a batch in total, of more than
 * {@code threshold} cents waits for a second person; 0 switches approvals off. It moves no money.
 */
@Revision("1")
public record ApprovalThresholdSetEvent(WalletId walletId, Mode mode, long threshold, String setBy, Instant setAt)
        implements WalletAlertEvent, WalletScoped {
}
