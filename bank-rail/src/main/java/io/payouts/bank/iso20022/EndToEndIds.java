package io.payouts.bank.iso20022;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a payout attempt becomes an ISO 20022 EndToEndId (at most 35 characters) and back: the payout id's 32 hex digits
 * without the {@code pay_} prefix, a hyphen, and the attempt in base 36 ({@code 0}-{@code zz}), so at most
 * 32 + 1 + 2 = 35 characters. The hex is the payout id itself, so an operator finds the payout from a bank statement
 * by putting {@code pay_} in front. Banks may upper-case references, so parsing ignores case.
 */
public final class EndToEndIds {

    /** The largest attempt two base-36 digits hold. */
    public static final long MAX_ATTEMPT = 36 * 36 - 1;

    private static final Pattern SHAPE = Pattern.compile("([0-9a-f]{32})-(0|[1-9a-z][0-9a-z]?)");

    private EndToEndIds() {
    }

    /** The end-to-end id of {@code attempt} of {@code payoutId}. */
    public static String of(String payoutId, long attempt) {
        PayoutAttempt named = new PayoutAttempt(payoutId, attempt);
        return named.payoutId().substring("pay_".length()) + "-" + Long.toString(named.attempt(), 36);
    }

    /** The payout attempt an end-to-end id names, or empty for one this scheme did not make. */
    public static Optional<PayoutAttempt> parse(String endToEndId) {
        if (endToEndId == null) {
            return Optional.empty();
        }
        Matcher matcher = SHAPE.matcher(endToEndId.toLowerCase(Locale.ROOT));
        if (!matcher.matches()) {
            return Optional.empty();
        }
        return Optional.of(new PayoutAttempt("pay_" + matcher.group(1), Long.parseLong(matcher.group(2), 36)));
    }
}
