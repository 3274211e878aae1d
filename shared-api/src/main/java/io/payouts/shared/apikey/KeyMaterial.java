package io.payouts.shared.apikey;

import java.util.regex.Pattern;

/**
 * What the service keeps of a key value: its SHA-256 hash (64 hex digits) and its last four characters, so a
 * person can recognise it. The value itself is shown once and never stored or carried in an event.
 */
public record KeyMaterial(String sha256Hex, String lastFour) {

    private static final Pattern SHA256_HEX = Pattern.compile("[0-9a-f]{64}");

    public KeyMaterial {
        if (sha256Hex == null || !SHA256_HEX.matcher(sha256Hex).matches()) {
            throw new IllegalArgumentException("a key hash is 64 lowercase hex digits");
        }
        if (lastFour == null || lastFour.length() != 4) {
            throw new IllegalArgumentException("lastFour must be four characters");
        }
    }
}
