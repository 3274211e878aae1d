package io.payouts.service.access;

import io.payouts.service.http.BearerCredentials;
import io.payouts.service.http.Caller;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpHeaders;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;
import java.util.Optional;

/**
 * Reads {@code Authorization: Bearer <credential>} (the scheme in any case, RFC 7235): an API key for resource
 * endpoints, a session token for the developer and admin endpoints. A credential of the wrong kind, or one that is invalid, expired, revoked or
 * pending, leaves the request unauthenticated with the reason recorded, so the rate limit still counts it and
 * the 401 (from the endpoint rules) says why.
 */
final class BearerAuthenticationFilter extends OncePerRequestFilter {

    /** Request attribute holding why a presented credential was refused. */
    static final String REFUSAL = BearerAuthenticationFilter.class.getName() + ".refusal";

    private final ApiKeyAuthenticator apiKeys;
    private final Sessions sessions;

    BearerAuthenticationFilter(ApiKeyAuthenticator apiKeys, Sessions sessions) {
        this.apiKeys = apiKeys;
        this.sessions = sessions;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String header = request.getHeader(HttpHeaders.AUTHORIZATION);
        if (header == null) {
            chain.doFilter(request, response);
            return;
        }
        authenticate(header, EndpointFamily.of(request))
                .ifPresent(refusal -> request.setAttribute(REFUSAL, refusal));
        try {
            chain.doFilter(request, response);
        } finally {
            SecurityContextHolder.clearContext();
        }
    }

    private Optional<String> authenticate(String header, EndpointFamily family) {
        if (!BearerCredentials.isBearer(header)) {
            return Optional.of("send the credential as Authorization: Bearer <API key or session token>");
        }
        String token = BearerCredentials.of(header).orElse("");
        Caller caller;
        if (KeyValues.looksLikeKey(token)) {
            if (family == EndpointFamily.ACCOUNT) {
                return Optional.of("developer and admin endpoints take a session token, not an API key");
            }
            ApiKeyAuthenticator.Outcome outcome = apiKeys.authenticate(token);
            if (outcome.caller() == null) {
                return Optional.of(outcome.refusal());
            }
            caller = outcome.caller();
        } else if (token.startsWith(BearerCredentials.SESSION_TOKEN_PREFIX)) {
            if (family == EndpointFamily.RESOURCE) {
                return Optional.of("this endpoint takes an API key, not a session token");
            }
            Optional<Sessions.AuthenticatedSession> session = sessions.authenticate(token);
            if (session.isEmpty()) {
                return Optional.of("the session has expired or ended; sign in again");
            }
            caller = Caller.session(session.get().tokenHash(), session.get().user().id(),
                    session.get().user().role().administers());
        } else {
            return Optional.of("unrecognised credential: expected an API key or a session token");
        }
        SecurityContextHolder.getContext().setAuthentication(new CallerAuthentication(caller));
        return Optional.empty();
    }
}
