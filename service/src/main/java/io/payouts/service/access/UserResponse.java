package io.payouts.service.access;

import io.payouts.service.http.ApiEnums;

import java.time.Instant;

/** A user as the API shows it; never the password hash. */
record UserResponse(String id, String email, String role, String status, Instant createdAt, String createdBy,
                    Instant disabledAt) {

    static UserResponse of(UserAccount user) {
        return new UserResponse(user.id(), user.email(), ApiEnums.name(user.role()), ApiEnums.name(user.status()),
                user.createdAt(), user.createdBy(), user.disabledAt());
    }
}
