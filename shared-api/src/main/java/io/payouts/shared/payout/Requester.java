package io.payouts.shared.payout;

import java.util.Optional;

/**
 * The rule for {@code requestedBy}, who asked for a payout as the caller names them (a driver in an app, a
 * dispatcher). It is shown to people in answers, histories and the console, so it is plain text: no control characters
 * and no formatting characters, whose direction overrides and invisible marks would make it read as something else.
 */
public final class Requester {

    public static final int MAX_LENGTH = 200;
    public static final String TOO_LONG = "must be at most " + MAX_LENGTH + " characters";
    public static final String NOT_PLAIN = "must not contain control or formatting characters";

    private Requester() {
    }

    /** What is wrong with {@code requestedBy}, if anything; absent (null) is fine. */
    public static Optional<String> problem(String requestedBy) {
        if (requestedBy == null) {
            return Optional.empty();
        }
        if (requestedBy.length() > MAX_LENGTH) {
            return Optional.of(TOO_LONG);
        }
        if (requestedBy.codePoints().anyMatch(Requester::hidden)) {
            return Optional.of(NOT_PLAIN);
        }
        return Optional.empty();
    }

    /** A control, formatting or separator character, which would make shown text read as something else. */
    public static boolean hidden(int codePoint) {
        return switch (Character.getType(codePoint)) {
            case Character.CONTROL, Character.FORMAT, Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR,
                 Character.SURROGATE -> true;
            default -> false;
        };
    }
}
