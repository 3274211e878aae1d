package io.payouts.service.console;

import io.payouts.service.http.ConsoleRequests;
import org.springframework.http.ResponseCookie;

import java.time.Duration;

/**
 * The console's session cookie (ADR-0020): HttpOnly (no script reads it), SameSite=Strict (no other site's request
 * carries it), Secure whenever the console was reached over https, and sent only to the API's paths.
 */
final class ConsoleCookies {

    private ConsoleCookies() {
    }

    static String holding(String sessionToken, Duration lifetime, boolean secure) {
        return cookie(sessionToken, lifetime, secure);
    }

    static String cleared(boolean secure) {
        return cookie("", Duration.ZERO, secure);
    }

    private static String cookie(String value, Duration maxAge, boolean secure) {
        return ResponseCookie.from(ConsoleRequests.COOKIE, value)
                .httpOnly(true)
                .secure(secure)
                .sameSite("Strict")
                .path(ConsoleRequests.COOKIE_PATH)
                .maxAge(maxAge)
                .build()
                .toString();
    }
}
