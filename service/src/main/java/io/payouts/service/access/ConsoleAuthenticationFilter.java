package io.payouts.service.access;

import io.payouts.service.http.Caller;
import io.payouts.service.http.ConsoleRequests;
import io.payouts.shared.Mode;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;
import java.util.Optional;
import java.util.Set;

/**
 * Authenticates console requests by their session cookie (ADR-0020), which a bearer credential overrides. A console
 * request to a resource endpoint must name its data's mode in {@code X-Console-Mode}; without a valid one it stays
 * unauthenticated, for {@link ConsoleHeaderChecks} to refuse (400). With one, the caller acts in that mode with the
 * scopes {@link ConsoleScopes} gives the user's role; on other endpoints, which read no mode's data, as the user's
 * session. An ended or expired session leaves the request unauthenticated with the reason, as
 * {@link BearerAuthenticationFilter} does.
 */
final class ConsoleAuthenticationFilter extends OncePerRequestFilter {

    private final Sessions sessions;

    ConsoleAuthenticationFilter(Sessions sessions) {
        this.sessions = sessions;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Optional<String> token = ConsoleRequests.sessionToken(request);
        if (token.isEmpty()) {
            chain.doFilter(request, response);
            return;
        }
        if (ConsoleHeaderChecks.lacksMode(request)) {
            // ConsoleHeaderChecks refuses it once the rate limit has counted it.
            chain.doFilter(request, response);
            return;
        }
        EndpointFamily family = EndpointFamily.of(request);
        Optional<Mode> mode = ConsoleRequests.mode(request);
        Optional<Sessions.AuthenticatedSession> session = sessions.authenticate(token.get());
        if (session.isEmpty()) {
            request.setAttribute(BearerAuthenticationFilter.REFUSAL,
                    "the console session has expired or ended; sign in again");
            chain.doFilter(request, response);
            return;
        }
        SecurityContextHolder.getContext().setAuthentication(new CallerAuthentication(callerOf(session.get(),
                mode.orElse(null), family)));
        try {
            chain.doFilter(request, response);
        } finally {
            SecurityContextHolder.clearContext();
        }
    }

    private static Caller callerOf(Sessions.AuthenticatedSession session, Mode mode, EndpointFamily family) {
        Role role = session.user().role();
        if (family == EndpointFamily.RESOURCE) {
            return Caller.console(session.tokenHash(), session.user().id(), role.administers(), mode,
                    ConsoleScopes.of(role, mode));
        }
        return Caller.console(session.tokenHash(), session.user().id(), role.administers(), null, Set.of());
    }
}
