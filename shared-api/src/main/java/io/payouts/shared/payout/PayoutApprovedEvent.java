package io.payouts.shared.payout;

import io.payouts.shared.DriverScoped;
import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;
import io.payouts.shared.PayoutScoped;
import io.payouts.shared.driver.DriverId;
import org.axonframework.serialization.Revision;

import java.time.Instant;

/**
 * A second person approved a payout that waited (ADR-0046): its funds are reserved in the same unit of work and it
 * goes to the rail as a payout accepted at once would (standard: validated, instant: processing). It repeats what the
 * rail needs to pay it; the sandbox scenario payout_failed travels in its metadata.
 */
@Revision("1")
public record PayoutApprovedEvent(PayoutId payoutId, Mode mode, DriverId driverId, long amount, long netAmount,
                                  Rail rail,
                                  String approvedBy, Instant approvedAt)
        implements PayoutEvent, ModeScoped, DriverScoped, PayoutScoped {
}
