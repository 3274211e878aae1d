package io.payouts.service.http;

import io.payouts.shared.Mode;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;

import java.util.Arrays;
import java.util.Optional;
import java.util.Set;

/**
 * What makes a request a console request (ADR-0020): it carries the console's session cookie and no
 * {@code Authorization} header, it goes to the API, and it is not a sign-in. Only such requests are authenticated by
 * the cookie, and only their writes need the CSRF token; every request with a bearer credential is judged as before.
 */
public final class ConsoleRequests {

    /** The console's own session resource: sign in (POST), who am I (GET), sign out (DELETE). */
    public static final String SESSION_PATH = "/api/v1/auth/console-session";
    /** HttpOnly, so no script can read it; sent only to the API's paths. */
    public static final String COOKIE = "payouts_console";
    public static final String COOKIE_PATH = "/api/v1";
    /** Which data a console request sees and changes: sandbox or production. Required with the cookie. */
    public static final String MODE_HEADER = "X-Console-Mode";
    public static final String CSRF_HEADER = "X-CSRF-Token";

    private static final String API_PREFIX = COOKIE_PATH + "/";
    private static final String BEARER_SIGN_IN = "/api/v1/auth/sessions";
    /**
     * API paths the cookie is no credential for: the bearer session's own resource (its sign-out ends the session of
     * the bearer token, and the console signs out at {@link #SESSION_PATH}) and the rail's inbound webhook, whose
     * signature is its credential. A cookie sent there is ignored, so it neither authenticates nor asks for a token.
     */
    private static final Set<String> TAKE_NO_COOKIE = Set.of(BEARER_SIGN_IN, "/api/v1/webhooks/inbound");

    private ConsoleRequests() {
    }

    /** The session token in the console cookie, if the request is one the cookie authenticates. */
    public static Optional<String> sessionToken(HttpServletRequest request) {
        if (request.getHeader(HttpHeaders.AUTHORIZATION) != null || !request.getRequestURI().startsWith(API_PREFIX)
                || isSignIn(request) || TAKE_NO_COOKIE.contains(request.getRequestURI())) {
            return Optional.empty();
        }
        Cookie[] cookies = request.getCookies();
        if (cookies == null) {
            return Optional.empty();
        }
        return Arrays.stream(cookies)
                .filter(cookie -> COOKIE.equals(cookie.getName()) && cookie.getValue() != null
                        && cookie.getValue().startsWith(BearerCredentials.SESSION_TOKEN_PREFIX))
                .map(Cookie::getValue)
                .findFirst();
    }

    /** A console request that changes something: Spring's CsrfFilter demands the token on these. */
    public static boolean isCookieWrite(HttpServletRequest request) {
        String method = request.getMethod();
        boolean safe = HttpMethod.GET.matches(method) || HttpMethod.HEAD.matches(method)
                || HttpMethod.OPTIONS.matches(method) || HttpMethod.TRACE.matches(method);
        return !safe && sessionToken(request).isPresent();
    }

    /** The mode the header asks for, or empty when it is missing or names no mode. */
    public static Optional<Mode> mode(HttpServletRequest request) {
        String header = request.getHeader(MODE_HEADER);
        return Arrays.stream(Mode.values()).filter(mode -> mode.apiName().equals(header)).findFirst();
    }

    /**
     * Signing in needs no session and must not be refused for an old cookie; its JSON body is what keeps other
     * sites from posting it (a form cannot send application/json without the browser asking first).
     */
    private static boolean isSignIn(HttpServletRequest request) {
        String path = request.getRequestURI();
        return HttpMethod.POST.matches(request.getMethod())
                && (path.equals(SESSION_PATH) || path.equals(BEARER_SIGN_IN));
    }
}
