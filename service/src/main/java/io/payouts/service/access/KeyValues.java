package io.payouts.service.access;

import io.payouts.shared.Mode;
import io.payouts.shared.apikey.KeyMaterial;

/** Key values: {@code svc_sbox_} or {@code svc_prod_} and 43 random URL-safe characters, shown once. */
public final class KeyValues {

    public static final String SANDBOX_PREFIX = "svc_sbox_";
    public static final String PRODUCTION_PREFIX = "svc_prod_";

    private KeyValues() {
    }

    public static String prefixOf(Mode mode) {
        return mode == Mode.SANDBOX ? SANDBOX_PREFIX : PRODUCTION_PREFIX;
    }

    public static boolean looksLikeKey(String token) {
        return token.startsWith(SANDBOX_PREFIX) || token.startsWith(PRODUCTION_PREFIX);
    }

    public static IssuedKey issue(Mode mode) {
        String value = Secrets.newToken(prefixOf(mode));
        return new IssuedKey(value, new KeyMaterial(Secrets.sha256Hex(value), value.substring(value.length() - 4)));
    }

    /** A freshly issued key: the value for the caller, once, and the material the service keeps. */
    public record IssuedKey(String value, KeyMaterial material) {

        @Override
        public String toString() {
            return "IssuedKey[lastFour=" + material.lastFour() + "]";
        }
    }
}
