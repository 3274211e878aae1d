package io.payouts.service.http.ratelimit;

import io.payouts.service.http.Caller;
import io.payouts.service.http.ErrorEnvelopeWriter;
import io.payouts.service.http.ErrorStatus;
import io.payouts.shared.ErrorCode;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;
import java.util.Map;

/**
 * Counts every request against its caller's token bucket and puts the X-RateLimit headers on the response; an
 * empty bucket is a 429 RATE_LIMITED with Retry-After (ADR-0008). It runs inside Spring Security's chain right
 * after authentication, so the authenticated principal names the bucket, and requests whose credential was
 * refused are still counted (per client address) and their 401 still carries the headers.
 */
@Component
public class RateLimitFilter extends OncePerRequestFilter {

    static final String LIMIT = "X-RateLimit-Limit";
    static final String REMAINING = "X-RateLimit-Remaining";
    static final String RESET = "X-RateLimit-Reset";

    private static final Logger log = LoggerFactory.getLogger(RateLimitFilter.class);

    private final RateLimiter limiter;
    private final ErrorEnvelopeWriter errors;

    RateLimitFilter(RateLimiter limiter, ErrorEnvelopeWriter errors) {
        this.limiter = limiter;
        this.errors = errors;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        RateLimiter.Decision decision;
        try {
            decision = limiter.tryConsume(bucketKey(request));
        } catch (RuntimeException e) {
            // Without its database the service cannot do much anyway; refusing everything would also turn
            // /health's 503 into a 429 (ADR-0008).
            log.warn("Rate limit not checked, request let through: {}", e.toString());
            chain.doFilter(request, response);
            return;
        }
        response.setHeader(LIMIT, Long.toString(decision.limit()));
        response.setHeader(REMAINING, Long.toString(decision.remaining()));
        response.setHeader(RESET, Long.toString(decision.resetEpochSecond()));
        if (!decision.allowed()) {
            String retryAfter = Long.toString(decision.retryAfterSeconds());
            response.setHeader(HttpHeaders.RETRY_AFTER, retryAfter);
            errors.write(request, response, ErrorCode.RATE_LIMITED,
                    "rate limit exceeded; retry after " + retryAfter + " seconds", Map.of(ErrorStatus.RETRY_AFTER_DETAIL, retryAfter));
            return;
        }
        chain.doFilter(request, response);
    }

    /** The caller's own bucket when authentication named one, else the client address's. */
    static String bucketKey(HttpServletRequest request) {
        Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
        if (authentication != null && authentication.getPrincipal() instanceof Caller caller) {
            return caller.bucketKey();
        }
        return "ip:" + request.getRemoteAddr();
    }
}
