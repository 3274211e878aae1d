package io.payouts.shared.payout;

import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;
import io.payouts.shared.PayoutScoped;
import org.axonframework.serialization.Revision;

import java.time.Instant;

/**
 * The rail queued the payout. {@code railAdapter} names the rail that took it ({@code simulated}, {@code iso20022},
 * ...) and {@code railReference} what that rail calls its submission (a bank file's message id); a payout queued under
 * a reference is in the hands of a rail that cannot take it back, so it can no longer be canceled. Both are null in
 * events stored before rails named themselves.
 */
@Revision("1")
public record PayoutQueuedEvent(PayoutId payoutId, Mode mode, Instant queuedAt, String railAdapter,
                                String railReference) implements PayoutEvent, ModeScoped, PayoutScoped {

    /** Queued by a rail that names neither itself nor a submission. */
    public PayoutQueuedEvent(PayoutId payoutId, Mode mode, Instant queuedAt) {
        this(payoutId, mode, queuedAt, null, null);
    }
}
