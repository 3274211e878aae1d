package io.payouts.service.access;

import io.payouts.shared.Mode;
import io.payouts.shared.apikey.Scope;
import org.junit.jupiter.api.Test;

import java.util.EnumSet;

import static org.assertj.core.api.Assertions.assertThat;

/** The console's role-to-scope table (ADR-0020). */
class ConsoleScopesTest {

    @Test
    void ownersAndAdminsMayDoEverythingInBothModes() {
        for (Role role : EnumSet.of(Role.OWNER, Role.ADMIN)) {
            for (Mode mode : Mode.values()) {
                assertThat(ConsoleScopes.of(role, mode)).as("%s in %s", role, mode)
                        .containsExactlyInAnyOrder(Scope.values());
            }
        }
    }

    @Test
    void developersMayDoEverythingInTheSandbox() {
        assertThat(ConsoleScopes.of(Role.DEVELOPER, Mode.SANDBOX)).containsExactlyInAnyOrder(Scope.values());
    }

    @Test
    void developersOnlyReadInProduction() {
        assertThat(ConsoleScopes.of(Role.DEVELOPER, Mode.PRODUCTION)).containsExactlyInAnyOrder(Scope.DRIVERS_READ,
                Scope.PAYOUTS_READ, Scope.BATCHES_READ, Scope.BALANCE_READ);
    }
}
