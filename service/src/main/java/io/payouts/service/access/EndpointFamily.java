package io.payouts.service.access;

import io.payouts.service.http.ConsoleRequests;
import jakarta.servlet.http.HttpServletRequest;

/**
 * Which credential a path takes: none, a session token (developer, admin, sign-out, the console's session) or an
 * API key (resources).
 */
enum EndpointFamily {
    PUBLIC,
    ACCOUNT,
    RESOURCE;

    static EndpointFamily of(HttpServletRequest request) {
        String path = request.getRequestURI();
        if (path.equals("/health") || path.equals("/error")) {
            return PUBLIC;
        }
        if (path.startsWith("/api/v1/developer/") || path.startsWith("/api/v1/admin/")
                || path.equals("/api/v1/auth/sessions") || path.equals(ConsoleRequests.SESSION_PATH)) {
            return ACCOUNT;
        }
        return RESOURCE;
    }
}
