package io.payouts.shared.payout;

import io.payouts.shared.DriverScoped;
import io.payouts.shared.Mode;
import io.payouts.shared.PayoutScoped;
import io.payouts.shared.WalletScoped;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.wallet.WalletId;
import org.axonframework.serialization.Revision;

import java.time.Instant;

/**
 * A payout above the mode's approval threshold was accepted to wait for a second person (ADR-0046): pending approval,
 * nothing reserved, not on the rail. {@code requesterId} is the user who asked (a key's creator, or the signed-in
 * user), whom the approval may not come from; {@code requestedBy} is whom the request named, as on any payout.
 */
@Revision("1")
public record PayoutAwaitingApprovalEvent(PayoutId payoutId, Mode mode, WalletId walletId, DriverId driverId,
                                          long amount, long fee, long netAmount, Rail rail, String description,
                                          String loadId, Instant requestedAt, String requestedBy, String requesterId,
                                          long threshold)
        implements PayoutEvent, WalletScoped, DriverScoped, PayoutScoped {
}
