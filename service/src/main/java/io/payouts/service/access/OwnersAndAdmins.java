package io.payouts.service.access;

import io.payouts.service.http.Caller;
import io.payouts.shared.ForbiddenException;
import org.springframework.stereotype.Component;

/**
 * Settings of a mode's money that only an owner or an admin may change, in the mode their credential acts in
 * (ADR-0043): from the console, the signed-in user's role; with an API key, the role its creator holds now, so a key
 * an admin made stops changing them once the admin is disabled or made a developer.
 */
@Component
public class OwnersAndAdmins {

    private final UserAccountRepository users;

    OwnersAndAdmins(UserAccountRepository users) {
        this.users = users;
    }

    public void require(Caller caller, String what) {
        boolean administers = caller.credential() == Caller.Credential.API_KEY
                ? users.findById(caller.userId()).filter(UserAccount::active).map(UserAccount::role)
                        .map(Role::administers).orElse(false)
                : caller.administrator();
        if (!administers) {
            throw new ForbiddenException("only an owner or an admin may " + what);
        }
    }
}
