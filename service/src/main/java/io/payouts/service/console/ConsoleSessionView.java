package io.payouts.service.console;

import io.payouts.service.access.ConsoleScopes;
import io.payouts.service.access.UserAccount;
import io.payouts.service.http.ApiEnums;
import io.payouts.shared.Mode;
import io.payouts.shared.apikey.Scope;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Who is signed in to the console, the CSRF token its writes must carry, and which scopes the user's role has in
 * each mode, so the console offers only what the service will allow.
 */
record ConsoleSessionView(User user, String csrfToken, Map<String, List<String>> scopes) {

    static ConsoleSessionView of(UserAccount user, String csrfToken) {
        Map<String, List<String>> scopes = new LinkedHashMap<>();
        for (Mode mode : Mode.values()) {
            scopes.put(mode.apiName(), ConsoleScopes.of(user.role(), mode).stream().sorted()
                    .map(Scope::apiName).toList());
        }
        return new ConsoleSessionView(new User(user.id(), user.email(), ApiEnums.name(user.role())), csrfToken, scopes);
    }

    record User(String id, String email, String role) {
    }
}
