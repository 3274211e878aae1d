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
 * A payout was accepted and its funds reserved: standard payouts start validated, instant ones processing. The
 * sandbox scenario payout_failed travels in its metadata ({@code sandboxScenario}); revision 1 carried it as a
 * {@code failOnRail} flag, which the upcaster moves there. {@code requestedBy} is who the request said asked for the
 * payout: null when it named no one, and in events stored before requests could name anyone.
 */
@Revision("2")
public record PayoutRequestedEvent(PayoutId payoutId, Mode mode, WalletId walletId, DriverId driverId, long amount,
                                   long fee, long netAmount, Rail rail, String description, String loadId,
                                   Instant requestedAt, String requestedBy)
        implements PayoutEvent, WalletScoped, DriverScoped, PayoutScoped {

    /** A payout whose request named no one as asking for it. */
    public PayoutRequestedEvent(PayoutId payoutId, Mode mode, WalletId walletId, DriverId driverId, long amount,
                                long fee, long netAmount, Rail rail, String description, String loadId,
                                Instant requestedAt) {
        this(payoutId, mode, walletId, driverId, amount, fee, netAmount, rail, description, loadId, requestedAt, null);
    }
}
