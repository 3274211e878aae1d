package io.payouts.bank.iso20022;

import java.util.regex.Pattern;

/**
 * One attempt at paying a payout, as an end-to-end id names it.
 *
 * @param payoutId the payout's id as the API shows it, {@code pay_} and 32 lowercase hex digits
 * @param attempt  the sequence number that began the attempt in the payout's stream
 */
public record PayoutAttempt(String payoutId, long attempt) {

    static final Pattern PAYOUT_ID = Pattern.compile("pay_[0-9a-f]{32}");

    public PayoutAttempt {
        if (payoutId == null || !PAYOUT_ID.matcher(payoutId).matches()) {
            throw new IllegalArgumentException("not a payout id: " + payoutId);
        }
        if (attempt < 0 || attempt > EndToEndIds.MAX_ATTEMPT) {
            throw new IllegalArgumentException("an end-to-end id carries attempts 0 to " + EndToEndIds.MAX_ATTEMPT
                    + ", not " + attempt);
        }
    }
}
