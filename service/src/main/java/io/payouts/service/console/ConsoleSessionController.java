package io.payouts.service.console;

import io.payouts.service.access.ConsoleCsrfTokens;
import io.payouts.service.access.OpenedSession;
import io.payouts.service.access.Sessions;
import io.payouts.service.http.ApiResponse;
import io.payouts.service.http.ConsoleRequests;
import io.payouts.service.http.RequestContext;
import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;
import org.springframework.http.HttpHeaders;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The console's session (ADR-0020): signing in sets the session token as an HttpOnly cookie, never in the body;
 * the body carries the CSRF token that goes with it. The console asks again after a reload, and signs out here.
 */
@RestController
@RequestMapping(ConsoleRequests.SESSION_PATH)
class ConsoleSessionController {

    private final Sessions sessions;

    ConsoleSessionController(Sessions sessions) {
        this.sessions = sessions;
    }

    @PostMapping
    ApiResponse<ConsoleSessionView> signIn(@Valid @RequestBody SignInRequest body, RequestContext context,
                                           HttpServletRequest request, HttpServletResponse response) {
        OpenedSession session = sessions.open(body.email(), body.password());
        // The session's own lifetime: counted from the request's arrival, the cookie would outlive the session by
        // as long as the password check took.
        response.addHeader(HttpHeaders.SET_COOKIE,
                ConsoleCookies.holding(session.token(), session.lifetime(), request.isSecure()));
        return ApiResponse.ok(context, ConsoleSessionView.of(session.user(), ConsoleCsrfTokens.of(session.token())));
    }

    @GetMapping
    ApiResponse<ConsoleSessionView> current(RequestContext context, HttpServletRequest request) {
        String token = ConsoleRequests.sessionToken(request).orElseThrow(SessionEndedException::new);
        Sessions.AuthenticatedSession session = sessions.authenticate(token).orElseThrow(SessionEndedException::new);
        return ApiResponse.ok(context, ConsoleSessionView.of(session.user(), ConsoleCsrfTokens.of(token)));
    }

    @DeleteMapping
    ApiResponse<SignedOut> signOut(RequestContext context, HttpServletRequest request, HttpServletResponse response) {
        sessions.end(context.requireCaller().credentialId());
        response.addHeader(HttpHeaders.SET_COOKIE, ConsoleCookies.cleared(request.isSecure()));
        return ApiResponse.ok(context, new SignedOut("signed out"));
    }

    @Schema(name = "ConsoleSignInRequest")
    record SignInRequest(@NotBlank(message = "is required") @Size(max = 254, message = "is too long") String email,
                         @NotBlank(message = "is required") @Size(max = 128, message = "is too long") String password) {
    }

    record SignedOut(String message) {
    }

    /** The session ended between authentication and this answer (signed out elsewhere, or the user disabled). */
    static final class SessionEndedException extends DomainException {

        SessionEndedException() {
            super(ErrorCode.UNAUTHORIZED, "the console session has expired or ended; sign in again");
        }
    }
}
