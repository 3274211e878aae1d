package io.payouts.shared;

import java.util.Locale;

/** Sandbox and production are separate worlds: every resource belongs to exactly one mode. */
public enum Mode {
    SANDBOX,
    PRODUCTION;

    /** The lowercase spelling the API uses. */
    public String apiName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
