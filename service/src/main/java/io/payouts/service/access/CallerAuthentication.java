package io.payouts.service.access;

import io.payouts.service.http.Caller;
import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.authority.SimpleGrantedAuthority;

import java.util.ArrayList;
import java.util.List;

/** A request authenticated as a {@link Caller}, with authorities the endpoint rules check. */
final class CallerAuthentication extends AbstractAuthenticationToken {

    static final String API_KEY = "CREDENTIAL_API_KEY";
    static final String SESSION = "CREDENTIAL_SESSION";
    static final String CONSOLE = "CREDENTIAL_CONSOLE";
    static final String ADMINISTRATOR = "ROLE_ADMINISTRATOR";

    private final Caller caller;

    CallerAuthentication(Caller caller) {
        super(authoritiesOf(caller));
        this.caller = caller;
        setAuthenticated(true);
    }

    private static List<GrantedAuthority> authoritiesOf(Caller caller) {
        List<GrantedAuthority> authorities = new ArrayList<>();
        if (caller.credential() == Caller.Credential.API_KEY) {
            authorities.add(new SimpleGrantedAuthority(API_KEY));
        } else {
            // The console is a session too: its user's developer and admin endpoints are open to it (ADR-0020).
            authorities.add(new SimpleGrantedAuthority(SESSION));
            if (caller.administrator()) {
                authorities.add(new SimpleGrantedAuthority(ADMINISTRATOR));
            }
        }
        if (caller.credential() == Caller.Credential.CONSOLE) {
            authorities.add(new SimpleGrantedAuthority(CONSOLE));
        }
        caller.scopes().forEach(scope -> authorities.add(new SimpleGrantedAuthority(ScopeMatrix.authorityOf(scope))));
        return authorities;
    }

    @Override
    public Object getCredentials() {
        return "";
    }

    @Override
    public Caller getPrincipal() {
        return caller;
    }
}
