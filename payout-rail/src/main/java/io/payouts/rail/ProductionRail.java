package io.payouts.rail;

import java.util.Locale;

/**
 * The rail that pays production payouts ({@code payouts.rail.production}): the simulated rail (the default, so that a
 * quick start needs nothing configured, and then nothing leaves the company's account), a bank by ISO 20022 files, or a
 * payment provider over HTTP. Each names the {@link PayoutRail#name()} of the rail that serves it.
 */
public enum ProductionRail {
    SIMULATED,
    ISO20022,
    HTTP;

    /** The name a rail answers to, and the value of the setting: {@code simulated}, {@code iso20022}, {@code http}. */
    public String railName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
