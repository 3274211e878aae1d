package io.payouts.service.access;

import io.payouts.service.http.ConsoleRequests;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.security.web.csrf.CsrfToken;
import org.springframework.security.web.csrf.CsrfTokenRepository;
import org.springframework.security.web.csrf.CsrfTokenRequestAttributeHandler;
import org.springframework.security.web.csrf.DefaultCsrfToken;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The console's CSRF token, for Spring's CsrfFilter (ADR-0020): an HMAC of the session token in the HttpOnly
 * cookie, so it is bound to that session, needs no storage, and cannot be computed by a page that only makes the
 * browser send the cookie. The console learns it from its session resource and sends it in {@code X-CSRF-Token}.
 */
public final class ConsoleCsrfTokens implements CsrfTokenRepository {

    private static final String PARAMETER = "_csrf";
    private static final String LABEL = "payouts console csrf v1";

    /** The token that goes with a console session. */
    public static String of(String sessionToken) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(sessionToken.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return Base64.getUrlEncoder().withoutPadding()
                    .encodeToString(mac.doFinal(LABEL.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every Java runtime has HmacSHA256", e);
        }
    }

    /** Asked for only when no console cookie came: a token nobody holds, so it matches nothing. */
    @Override
    public CsrfToken generateToken(HttpServletRequest request) {
        CsrfToken token = loadToken(request);
        return token != null ? token
                : new DefaultCsrfToken(ConsoleRequests.CSRF_HEADER, PARAMETER, Secrets.newToken("unmatched_"));
    }

    /** Nothing to store: the token follows from the cookie. */
    @Override
    public void saveToken(CsrfToken token, HttpServletRequest request, HttpServletResponse response) {
    }

    @Override
    public CsrfToken loadToken(HttpServletRequest request) {
        return ConsoleRequests.sessionToken(request)
                .map(session -> new DefaultCsrfToken(ConsoleRequests.CSRF_HEADER, PARAMETER, of(session)))
                .orElse(null);
    }

    /** Reads the token from the header only: a form field would mean reading, and using up, the request body. */
    static final class HeaderOnly extends CsrfTokenRequestAttributeHandler {

        @Override
        public String resolveCsrfTokenValue(HttpServletRequest request, CsrfToken token) {
            return request.getHeader(token.getHeaderName());
        }
    }
}
