package io.payouts.service.access;

import io.payouts.service.http.ApiResponse;
import io.payouts.service.http.RequestContext;
import io.payouts.shared.driver.EmailAddress;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import java.time.Instant;

/** Signing in (e-mail and password for a session token) and out. */
@RestController
@RequestMapping("/api/v1/auth/sessions")
class SessionController {

    private final Sessions sessions;

    SessionController(Sessions sessions) {
        this.sessions = sessions;
    }

    @PostMapping
    ApiResponse<SessionResponse> signIn(@Valid @RequestBody SignInRequest body, RequestContext context) {
        OpenedSession session = sessions.open(body.email(), body.password());
        return ApiResponse.ok(context, new SessionResponse(session.token(), session.expiresAt(),
                UserResponse.of(session.user())));
    }

    @DeleteMapping
    ApiResponse<Message> signOut(RequestContext context) {
        sessions.end(context.requireCaller().credentialId());
        return ApiResponse.ok(context, new Message("session ended"));
    }

    record SignInRequest(@NotBlank(message = "is required") @Size(max = EmailAddress.MAX_LENGTH, message = "is too long") String email,
                         @NotBlank(message = "is required") @Size(max = 128, message = "is too long") String password) {
    }

    record SessionResponse(String token, Instant expiresAt, UserResponse user) {
    }

    record Message(String message) {
    }
}
