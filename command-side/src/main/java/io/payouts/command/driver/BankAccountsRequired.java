package io.payouts.command.driver;

import io.payouts.shared.Mode;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

import java.util.Locale;
import java.util.Map;

/**
 * Whether a mode's rail needs the driver's bank account to pay them. The sandbox always pays through the simulator;
 * production through the rail {@code payouts.rail.production} names: the simulator (the default, so a first run
 * needs nothing configured) pays without one, a bank's ISO 20022 files and an HTTP payment provider send the money
 * to the account and cannot pay a driver without it.
 */
@Component
class BankAccountsRequired {

    static final String PROPERTY = "payouts.rail.production";
    private static final Map<String, Boolean> NEEDS_ACCOUNTS = Map.of("simulated", false, "iso20022", true,
            "http", true);

    private final boolean inProduction;

    BankAccountsRequired(@Value("${" + PROPERTY + ":simulated}") String productionRail) {
        Boolean needs = NEEDS_ACCOUNTS.get(productionRail.trim().toLowerCase(Locale.ROOT));
        if (needs == null) {
            throw new IllegalArgumentException(PROPERTY + " must be simulated, iso20022 or http, was '"
                    + productionRail + "'");
        }
        this.inProduction = needs;
    }

    boolean in(Mode mode) {
        return mode == Mode.PRODUCTION && inProduction;
    }
}
