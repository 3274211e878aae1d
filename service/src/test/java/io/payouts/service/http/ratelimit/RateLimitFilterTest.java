package io.payouts.service.http.ratelimit;

import io.payouts.service.http.Caller;
import io.payouts.service.http.ErrorEnvelopeWriter;
import io.payouts.shared.ErrorCode;
import io.payouts.shared.Mode;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockFilterChain;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.authentication.TestingAuthenticationToken;
import org.springframework.security.core.authority.AuthorityUtils;
import org.springframework.security.core.context.SecurityContextHolder;

import java.io.IOException;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

/** Which bucket a request draws from, and what the filter does with the limiter's answer (ADR-0008). */
class RateLimitFilterTest {

    private final RateLimiter limiter = mock(RateLimiter.class);
    private final ErrorEnvelopeWriter errors = mock(ErrorEnvelopeWriter.class);
    private final RateLimitFilter filter = new RateLimitFilter(limiter, errors);
    private final MockHttpServletRequest request = new MockHttpServletRequest("GET", "/api/v1/drivers");
    private final MockHttpServletResponse response = new MockHttpServletResponse();

    @AfterEach
    void clearSecurityContext() {
        SecurityContextHolder.clearContext();
    }

    @Test
    void countsAnAuthenticatedCallerInTheBucketItNames() {
        SecurityContextHolder.getContext().setAuthentication(
                new TestingAuthenticationToken(Caller.apiKey("key_123", "usr_1", Mode.SANDBOX, Set.of()), null, "ROLE_USER"));

        assertThat(RateLimitFilter.bucketKey(request)).isEqualTo("key:key_123");
    }

    @Test
    void countsUnauthenticatedRequestsByClientAddress() {
        request.setRemoteAddr("203.0.113.7");

        assertThat(RateLimitFilter.bucketKey(request)).isEqualTo("ip:203.0.113.7");
    }

    @Test
    void countsAPrincipalThatNamesNoBucketByClientAddress() {
        request.setRemoteAddr("203.0.113.8");
        SecurityContextHolder.getContext().setAuthentication(new AnonymousAuthenticationToken("key",
                "anonymousUser", AuthorityUtils.createAuthorityList("ROLE_ANONYMOUS")));

        assertThat(RateLimitFilter.bucketKey(request)).isEqualTo("ip:203.0.113.8");
    }

    @Test
    void setsTheHeadersBeforeTheRequestIsHandledSoErrorsCarryThemToo() throws Exception {
        request.setRemoteAddr("203.0.113.9");
        when(limiter.tryConsume("ip:203.0.113.9"))
                .thenReturn(new RateLimiter.Decision(true, 100, 41, 1_900_000_000L, 0));
        AtomicReference<String> remainingSeenByHandler = new AtomicReference<>();
        MockFilterChain chain = new MockFilterChain(new HttpServlet() {
            @Override
            protected void service(HttpServletRequest handled, HttpServletResponse res) throws IOException {
                remainingSeenByHandler.set(res.getHeader("X-RateLimit-Remaining"));
                res.sendError(404);
            }
        });

        filter.doFilter(request, response, chain);

        assertThat(remainingSeenByHandler.get()).isEqualTo("41");
        assertThat(response.getStatus()).isEqualTo(404);
        assertThat(response.getHeader("X-RateLimit-Limit")).isEqualTo("100");
        assertThat(response.getHeader("X-RateLimit-Remaining")).isEqualTo("41");
        assertThat(response.getHeader("X-RateLimit-Reset")).isEqualTo("1900000000");
        assertThat(response.getHeader("Retry-After")).isNull();
    }

    @Test
    void refusesAnEmptyBucketWithTheEnvelopeAndRetryAfterWithoutHandlingTheRequest() throws Exception {
        when(limiter.tryConsume(anyString())).thenReturn(new RateLimiter.Decision(false, 100, 0, 1_900_000_120L, 2));
        MockFilterChain chain = new MockFilterChain();

        filter.doFilter(request, response, chain);

        assertThat(chain.getRequest()).as("the request went no further").isNull();
        assertThat(response.getHeader("Retry-After")).isEqualTo("2");
        assertThat(response.getHeader("X-RateLimit-Remaining")).isEqualTo("0");
        assertThat(response.getHeader("X-RateLimit-Reset")).isEqualTo("1900000120");
        verify(errors).write(request, response, ErrorCode.RATE_LIMITED, "rate limit exceeded; retry after 2 seconds",
                Map.of("retryAfter", "2"));
    }

    @Test
    void letsRequestsThroughWhenTheBucketsCannotBeReached() throws Exception {
        when(limiter.tryConsume(anyString())).thenThrow(new IllegalStateException("database down"));
        MockFilterChain chain = new MockFilterChain();

        filter.doFilter(request, response, chain);

        assertThat(chain.getRequest()).isSameAs(request);
        assertThat(response.getHeader("X-RateLimit-Remaining")).isNull();
        verifyNoInteractions(errors);
    }
}
