package io.payouts.shared.payout;

import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.wallet.WalletId;
import org.axonframework.serialization.Revision;

import java.time.Instant;

/**
 * A payout was accepted and its funds reserved: standard payouts start validated, instant ones processing.
 * {@code failOnRail} marks the sandbox scenario payout_failed for the simulated rail.
 */
@Revision("1")
public record PayoutRequestedEvent(PayoutId payoutId, Mode mode, WalletId walletId, DriverId driverId, long amount,
                                   long fee, long netAmount, Rail rail, String description, String loadId,
                                   boolean failOnRail, Instant requestedAt) implements PayoutEvent {
}
