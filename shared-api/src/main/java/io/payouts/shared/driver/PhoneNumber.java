package io.payouts.shared.driver;

import io.payouts.shared.InvalidFieldException;

import java.util.regex.Pattern;

/** A phone number in E.164 form: {@code +}, a country code that does not start with 0, 7 to 15 digits in all. */
public record PhoneNumber(String value) {

    /** The rule as a regular expression, which the API document states as the field's pattern. */
    public static final String PATTERN = "^\\+[1-9]\\d{6,14}$";
    private static final Pattern E164 = Pattern.compile(PATTERN);

    public PhoneNumber {
        if (!isValid(value)) {
            throw new InvalidFieldException("phone", "must be in E.164 format, for example +14155550123");
        }
    }

    public static boolean isValid(String candidate) {
        return candidate != null && E164.matcher(candidate).matches();
    }

    @Override
    public String toString() {
        return value;
    }
}
