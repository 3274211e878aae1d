package io.payouts.service.access;

import io.payouts.service.http.ConsoleRequests;
import io.payouts.service.http.ErrorEnvelopeWriter;
import io.payouts.shared.ErrorCode;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.security.web.csrf.CsrfFilter;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;
import java.util.Map;

/**
 * The console's two request headers (ADR-0020): a write with the session cookie but without the session's
 * {@code X-CSRF-Token} is a 403 naming it; a console request to a resource endpoint without a valid
 * {@code X-Console-Mode} is a 400 naming that. The chain runs these after the rate limit, so that their refusals
 * carry its headers, as every answer does.
 */
final class ConsoleHeaderChecks extends OncePerRequestFilter {

    private final ErrorEnvelopeWriter errors;
    private final CsrfFilter csrf;

    ConsoleHeaderChecks(ErrorEnvelopeWriter errors) {
        this.errors = errors;
        this.csrf = new CsrfFilter(new ConsoleCsrfTokens());
        csrf.setRequireCsrfProtectionMatcher(ConsoleRequests::isCookieWrite);
        csrf.setRequestHandler(new ConsoleCsrfTokens.HeaderOnly());
        csrf.setAccessDeniedHandler((request, response, denied) -> errors.write(request, response,
                ErrorCode.FORBIDDEN, "console changes need the " + ConsoleRequests.CSRF_HEADER
                        + " header of the signed-in session",
                Map.of(ConsoleRequests.CSRF_HEADER, "is missing or does not match the session")));
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        csrf.doFilter(request, response, (checked, answer) ->
                requireMode((HttpServletRequest) checked, (HttpServletResponse) answer, chain));
    }

    private void requireMode(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (lacksMode(request)) {
            errors.write(request, response, ErrorCode.VALIDATION_ERROR,
                    "console requests must say which data they use in the " + ConsoleRequests.MODE_HEADER + " header",
                    Map.of(ConsoleRequests.MODE_HEADER, "must be sandbox or production"));
            return;
        }
        chain.doFilter(request, response);
    }

    /** A console request to an endpoint that works on one mode's data, without naming the mode. */
    static boolean lacksMode(HttpServletRequest request) {
        return ConsoleRequests.sessionToken(request).isPresent() && ConsoleRequests.mode(request).isEmpty()
                && EndpointFamily.of(request) == EndpointFamily.RESOURCE;
    }
}
