package io.payouts.shared;

/**
 * Text PostgreSQL can store: no U+0000 and no unpaired surrogate. Text that breaks this passes Java and JSON but fails
 * every insert into a text column, so the edge refuses it and what the service writes of its own (an
 * error's message, for one) is cleaned of it.
 */
public final class StorableText {

    private StorableText() {
    }

    public static boolean storable(CharSequence text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\u0000') {
                return false;
            }
            if (Character.isHighSurrogate(c)) {
                if (i + 1 == text.length() || !Character.isLowSurrogate(text.charAt(i + 1))) {
                    return false;
                }
                i++;
            } else if (Character.isLowSurrogate(c)) {
                return false;
            }
        }
        return true;
    }

    /** The text with U+FFFD where PostgreSQL could not store a character; null stays null. */
    public static String cleaned(String text) {
        if (text == null || storable(text)) {
            return text;
        }
        StringBuilder clean = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                clean.append(c).append(text.charAt(++i));
            } else if (c == '\u0000' || Character.isSurrogate(c)) {
                clean.append('\uFFFD');
            } else {
                clean.append(c);
            }
        }
        return clean.toString();
    }
}
