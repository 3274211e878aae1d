package io.payouts.service.http;

import java.util.Optional;

/** The credential of an {@code Authorization: Bearer <credential>} header; the scheme is case-insensitive (RFC 7235). */
public final class BearerCredentials {

    /** What a session token starts with, in a header or the console's cookie; API keys start with their mode's. */
    public static final String SESSION_TOKEN_PREFIX = "sess_";

    private static final String SCHEME = "Bearer ";

    private BearerCredentials() {
    }

    /** True when the header uses the bearer scheme, in any case. */
    public static boolean isBearer(String header) {
        return header != null && header.regionMatches(true, 0, SCHEME, 0, SCHEME.length());
    }

    /** The credential, trimmed; empty when the header is absent, of another scheme, or blank. */
    public static Optional<String> of(String header) {
        if (!isBearer(header)) {
            return Optional.empty();
        }
        String credential = header.substring(SCHEME.length()).trim();
        return credential.isEmpty() ? Optional.empty() : Optional.of(credential);
    }
}
