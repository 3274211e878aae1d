package io.payouts.shared.driver;

import io.payouts.shared.InvalidFieldException;

import java.util.regex.Pattern;

/** A syntactically valid e-mail address: one {@code @}, a dotted domain, no spaces, at most 254 characters. */
public record EmailAddress(String value) {

    public static final int MAX_LENGTH = 254;

    private static final Pattern SHAPE =
            Pattern.compile("^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$");

    public EmailAddress {
        if (!isValid(value)) {
            throw new InvalidFieldException("email", "must be a valid e-mail address");
        }
    }

    public static boolean isValid(String candidate) {
        return candidate != null && candidate.length() <= MAX_LENGTH && SHAPE.matcher(candidate).matches();
    }

    @Override
    public String toString() {
        return value;
    }
}
