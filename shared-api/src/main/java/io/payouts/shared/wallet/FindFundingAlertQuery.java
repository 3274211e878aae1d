package io.payouts.shared.wallet;

import io.payouts.shared.Mode;

import java.util.Objects;

/** The mode's low-balance alert: its setting and the state the wallet last decided (ADR-0043). */
public record FindFundingAlertQuery(Mode mode) {

    public FindFundingAlertQuery {
        Objects.requireNonNull(mode, "mode");
    }
}
