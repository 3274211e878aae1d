package io.payouts.bank.iso20022;

/** The checks every free-text field of an ISO 20022 message needs before it reaches the XML. */
final class IsoText {

    private IsoText() {
    }

    /** A non-blank text of at most {@code maxLength} characters without control characters (XML cannot carry most). */
    static String require(String field, String value, int maxLength) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(field + " is required");
        }
        if (value.length() > maxLength) {
            throw new IllegalArgumentException(field + " has " + value.length() + " characters, at most " + maxLength
                    + " fit: " + value);
        }
        if (value.chars().anyMatch(Character::isISOControl)) {
            throw new IllegalArgumentException(field + " contains a control character");
        }
        return value;
    }
}
