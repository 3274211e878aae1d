package io.payouts.service.http;

import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;
import io.payouts.shared.Mode;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpHeaders;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;
import java.time.Duration;
import java.util.Map;

/**
 * Applies {@code X-Sandbox-Scenario} to every request made with a sandbox key (ADR-0015). It runs after
 * authentication and the rate limit, so it knows the key's mode and a forced 429 carries the real X-RateLimit headers.
 * An unknown value is a 400 naming the header; rate_limited answers 429 here; slow_response waits, then lets the
 * request through; every other scenario is left on the request for the endpoints and, through the command metadata,
 * the events. Production keys ignore the header. The console working on sandbox data counts as a sandbox key
 * (ADR-0020).
 */
public class SandboxScenarioFilter extends OncePerRequestFilter {

    static final String RETRY_AFTER_SECONDS = "1";

    private final ErrorEnvelopeWriter errors;
    private final Duration slowResponseDelay;

    public SandboxScenarioFilter(ErrorEnvelopeWriter errors, Duration slowResponseDelay) {
        this.errors = errors;
        this.slowResponseDelay = slowResponseDelay;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String header = request.getHeader(SandboxScenario.HEADER);
        if (header == null || !actsInSandbox()) {
            chain.doFilter(request, response);
            return;
        }
        SandboxScenario scenario;
        try {
            scenario = SandboxScenario.of(header, Mode.SANDBOX);
        } catch (DomainException unknown) {
            errors.write(request, response, unknown.code(), unknown.getMessage(), unknown.details());
            return;
        }
        switch (scenario) {
            case RATE_LIMITED -> {
                response.setHeader("X-RateLimit-Remaining", "0");
                response.setHeader(HttpHeaders.RETRY_AFTER, RETRY_AFTER_SECONDS);
                errors.write(request, response, ErrorCode.RATE_LIMITED, "rate limit exceeded (sandbox scenario "
                                + scenario.apiName() + "); retry after " + RETRY_AFTER_SECONDS + " seconds",
                        Map.of("retryAfter", RETRY_AFTER_SECONDS));
                return;
            }
            case SLOW_RESPONSE -> pause();
            default -> {
            }
        }
        request.setAttribute(RequestContext.SANDBOX_SCENARIO_ATTRIBUTE, scenario.apiName());
        chain.doFilter(request, response);
    }

    private void pause() throws ServletException {
        try {
            Thread.sleep(slowResponseDelay.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ServletException("interrupted during the sandbox's slow_response delay", e);
        }
    }

    private static boolean actsInSandbox() {
        Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
        return authentication != null && authentication.getPrincipal() instanceof Caller caller
                && caller.credential() != Caller.Credential.SESSION && caller.mode() == Mode.SANDBOX;
    }
}
