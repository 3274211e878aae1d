package io.payouts.shared.payout;

import io.payouts.shared.DriverScoped;
import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;
import io.payouts.shared.PayoutScoped;
import io.payouts.shared.driver.DriverId;
import org.axonframework.serialization.Revision;

import java.time.Instant;

/**
 * The bank returned a completed payout's money: the payout ends failed, and its {@code amount} goes back to the
 * wallet in the same unit of work (a credit, since completion had debited it). {@code reason} is the bank's;
 * {@link #failureReason()} is what the payout shows. It repeats what the rail needs to pay a retry.
 */
@Revision("1")
public record PayoutReturnedEvent(PayoutId payoutId, Mode mode, DriverId driverId, long amount, long netAmount,
                                  Rail rail, String reason, Instant returnedAt)
        implements PayoutEvent, ModeScoped, DriverScoped, PayoutScoped {

    /** {@code returned: } and the bank's reason, as the payout's failureReason and the payout.failed webhook say. */
    public String failureReason() {
        return "returned: " + reason;
    }
}
