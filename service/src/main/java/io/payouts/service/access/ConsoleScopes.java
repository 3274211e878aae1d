package io.payouts.service.access;

import io.payouts.shared.Mode;
import io.payouts.shared.apikey.Scope;

import java.util.EnumSet;
import java.util.Set;

/**
 * What a signed-in user may do through the console, per mode (ADR-0020): owners and admins everything in both
 * modes; developers everything in the sandbox and only look in production, where changes need an approved key.
 */
public final class ConsoleScopes {

    private static final Set<Scope> READ_ONLY = EnumSet.of(Scope.DRIVERS_READ, Scope.PAYOUTS_READ,
            Scope.BATCHES_READ, Scope.BALANCE_READ);

    private ConsoleScopes() {
    }

    public static Set<Scope> of(Role role, Mode mode) {
        if (role.administers() || mode == Mode.SANDBOX) {
            return EnumSet.allOf(Scope.class);
        }
        return EnumSet.copyOf(READ_ONLY);
    }
}
