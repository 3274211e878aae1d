package io.payouts.webhook.subscription;

import java.security.SecureRandom;
import java.util.HexFormat;

/** New signing secrets: {@code whsec_} and 32 random bytes in hex. */
public final class SigningSecrets {

    public static final String PREFIX = "whsec_";
    private static final SecureRandom RANDOM = new SecureRandom();

    private SigningSecrets() {
    }

    public static String generate() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return PREFIX + HexFormat.of().formatHex(bytes);
    }
}
