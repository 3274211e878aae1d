package io.payouts.service.http.idempotency;

import io.payouts.service.http.BearerCredentials;
import io.payouts.service.http.Caller;
import io.payouts.service.http.ConsoleRequests;
import io.payouts.service.http.ErrorEnvelopeWriter;
import io.payouts.service.http.idempotency.IdempotencyRecords.Scope;
import io.payouts.service.http.idempotency.IdempotencyRecords.Stored;
import io.payouts.shared.ErrorCode;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.dao.DataAccessException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.stereotype.Component;
import org.springframework.util.unit.DataSize;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.util.ContentCachingResponseWrapper;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.Optional;

/**
 * Makes a POST with an {@code Idempotency-Key} happen at most once per caller, route and key (ADR-0010): the
 * first request claims the key and runs; a repeat with the same body gets the first response again (with
 * {@code Idempotent-Replayed: true}), waiting for it if the first is still running; a repeat with another body is
 * a 409 IDEMPOTENCY_CONFLICT. It runs inside Spring Security's chain right after the rate limit, so it knows the
 * caller, and acts only for authenticated callers; every other request passes untouched.
 */
@Component
public class IdempotencyFilter extends OncePerRequestFilter {

    private static final Logger log = LoggerFactory.getLogger(IdempotencyFilter.class);
    /** Longer paths are no route of this API (ids are short), and would not fit the record's primary key. */
    private static final int MAX_ROUTE_BYTES = 1_000;

    private final IdempotencyRecords records;
    private final IdempotencyProperties properties;
    private final ErrorEnvelopeWriter errors;
    private final Clock clock;
    private final long maxBodyBytes;

    IdempotencyFilter(IdempotencyRecords records, IdempotencyProperties properties, ErrorEnvelopeWriter errors,
                      Clock clock, @Value("${payouts.http.max-body-size:1MB}") DataSize maxBodySize) {
        this.records = records;
        this.properties = properties;
        this.errors = errors;
        this.clock = clock;
        this.maxBodyBytes = maxBodySize.toBytes();
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String key = request.getHeader(IdempotencyKeys.HEADER);
        if (key == null || !HttpMethod.POST.matches(request.getMethod())) {
            chain.doFilter(request, response);
            return;
        }
        Optional<Caller> caller = authenticatedCaller();
        String credential = credentialOf(request);
        String route = request.getMethod() + " " + request.getRequestURI();
        if (caller.isEmpty() || credential == null || route.getBytes(StandardCharsets.UTF_8).length > MAX_ROUTE_BYTES
                // BodySizeLimitFilter refuses a declared length over the limit without reading the body.
                || request.getContentLengthLong() > maxBodyBytes) {
            chain.doFilter(request, response);
            return;
        }
        Optional<String> problem = IdempotencyKeys.problemWith(key);
        if (problem.isPresent()) {
            errors.write(request, response, ErrorCode.VALIDATION_ERROR, "invalid " + IdempotencyKeys.HEADER + " header",
                    Map.of(IdempotencyKeys.HEADER, problem.get()));
            return;
        }
        BufferedBody body = BufferedBody.read(request.getInputStream(), maxBodyBytes);
        if (!body.complete()) {
            // Too large: BodySizeLimitFilter answers the 400, and nothing runs.
            chain.doFilter(body.replayedOn(request), response);
            return;
        }
        CredentialKeys keys = CredentialKeys.of(credential);
        Scope scope = new Scope(caller.get().idempotencyScope(), route, key);
        String requestHash = keys.fingerprint(request.getQueryString(), body.bytes());

        Decision decision;
        try {
            decision = decide(scope, requestHash);
        } catch (DataAccessException e) {
            log.warn("Idempotency key not checked, request refused: {}", e.toString());
            errors.write(request, response, ErrorCode.UNAVAILABLE,
                    "idempotency keys cannot be checked right now; nothing was done, retry later", Map.of());
            return;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            errors.write(request, response, ErrorCode.UNAVAILABLE,
                    "the service is stopping; nothing was done by this request, retry later", Map.of());
            return;
        }
        if (decision instanceof Claimed claimed) {
            run(body.replayedOn(request), response, chain, scope, claimed.at(), keys);
        } else if (decision instanceof Replay replay) {
            replay(request, response, scope, replay.stored(), keys);
        } else {
            Refusal refusal = (Refusal) decision;
            errors.write(request, response, ErrorCode.IDEMPOTENCY_CONFLICT, refusal.message(),
                    Map.of(IdempotencyKeys.HEADER, refusal.detail()));
        }
    }

    /**
     * Claims the key, or finds what its first request did. A first request still running is waited for, with a
     * short backoff, up to {@code payouts.idempotency.wait}.
     */
    private Decision decide(Scope scope, String requestHash) throws InterruptedException {
        long deadline = System.nanoTime() + properties.maxWait().toNanos();
        Duration pause = PollingBackoff.FIRST;
        while (true) {
            Instant now = clock.instant().truncatedTo(ChronoUnit.MICROS);
            if (records.claim(scope, requestHash, now, now.plus(properties.ttl()))) {
                return new Claimed(now);
            }
            Optional<Stored> found = records.find(scope);
            long remaining = deadline - System.nanoTime();
            if (found.isEmpty() || !found.get().expiresAt().isAfter(now)) {
                // Released (or expired) since the claim: claim again.
                if (remaining <= 0) {
                    return Refusal.UNKNOWN_OUTCOME;
                }
                continue;
            }
            Stored stored = found.get();
            if (!MessageDigest.isEqual(stored.requestHash().getBytes(StandardCharsets.US_ASCII),
                    requestHash.getBytes(StandardCharsets.US_ASCII))) {
                return Refusal.DIFFERENT_BODY;
            }
            if (stored.completed()) {
                return new Replay(stored);
            }
            // Never run the request again: with money, a second execution is worse than a refused retry.
            if (Duration.between(stored.createdAt(), now).compareTo(properties.inProgressTimeout()) > 0
                    || remaining <= 0) {
                return Refusal.UNKNOWN_OUTCOME;
            }
            Thread.sleep(Math.max(1, Math.min(pause.toMillis(), Duration.ofNanos(remaining).toMillis())));
            pause = PollingBackoff.after(pause);
        }
    }

    private void run(HttpServletRequest request, HttpServletResponse response, FilterChain chain, Scope scope,
                     Instant claimedAt, CredentialKeys keys) throws ServletException, IOException {
        ContentCachingResponseWrapper captured = new ContentCachingResponseWrapper(response);
        // An exception escaping here leaves the record in progress: the outcome is unknown, as after a crash.
        chain.doFilter(request, captured);
        int status = captured.getStatus();
        try {
            if (ResponseRetention.keeps(status)) {
                String contentType = captured.getContentType();
                records.complete(scope, claimedAt, status, contentType,
                        keys.seal(captured.getContentAsByteArray(), scope.sealingContext(status, contentType)));
            } else {
                records.release(scope, claimedAt);
            }
        } catch (DataAccessException e) {
            log.error("Could not record the outcome of {} for its Idempotency-Key; repeats will be refused as "
                    + "unknown until it expires: {}", scope.route(), e.toString());
        }
        captured.copyBodyToResponse();
    }

    private void replay(HttpServletRequest request, HttpServletResponse response, Scope scope, Stored stored,
                        CredentialKeys keys) throws IOException {
        Optional<byte[]> body = keys.open(stored.sealedResponseBody(),
                scope.sealingContext(stored.responseStatus(), stored.responseContentType()));
        if (body.isEmpty()) {
            log.error("The stored response for {} could not be opened with the caller's credential", scope.route());
            errors.write(request, response, ErrorCode.INTERNAL_ERROR,
                    "internal error; quote the request id when reporting it", Map.of());
            return;
        }
        response.setStatus(stored.responseStatus());
        if (stored.responseContentType() != null) {
            response.setContentType(stored.responseContentType());
        }
        response.setHeader(IdempotencyKeys.REPLAYED_HEADER, "true");
        response.setContentLength(body.get().length);
        response.getOutputStream().write(body.get());
    }

    private static Optional<Caller> authenticatedCaller() {
        Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
        return authentication != null && authentication.isAuthenticated()
                && authentication.getPrincipal() instanceof Caller caller ? Optional.of(caller) : Optional.empty();
    }

    /**
     * The credential that authenticated the request (a bearer credential, or the console's session cookie); it
     * derives the keys that protect the stored record.
     */
    private static String credentialOf(HttpServletRequest request) {
        String header = request.getHeader(HttpHeaders.AUTHORIZATION);
        if (header == null) {
            return ConsoleRequests.sessionToken(request).orElse(null);
        }
        return BearerCredentials.of(header).orElse(null);
    }

    private sealed interface Decision permits Claimed, Replay, Refusal {
    }

    /** The key is this request's: run it. */
    private record Claimed(Instant at) implements Decision {
    }

    /** The first request with this key and body completed: send its response again. */
    private record Replay(Stored stored) implements Decision {
    }

    private record Refusal(String message, String detail) implements Decision {

        static final Refusal DIFFERENT_BODY = new Refusal(
                "this Idempotency-Key was already used with a different request body",
                "was used with a different request body");
        static final Refusal UNKNOWN_OUTCOME = new Refusal(
                "the first request with this Idempotency-Key has not finished, so its outcome is unknown; check "
                        + "whether it took effect before retrying with a new key",
                "the first request with this key has not finished");
    }
}
