package io.payouts.shared.driver;

import io.payouts.shared.InvalidFieldException;

/** The contact details a fleet keeps current for a driver. */
public record DriverProfile(String name, EmailAddress email, PhoneNumber phone) {

    public static final int MAX_NAME_LENGTH = 200;

    public DriverProfile {
        if (name == null || name.isBlank()) {
            throw new InvalidFieldException("name", "must not be blank");
        }
        if (name.length() > MAX_NAME_LENGTH) {
            throw new InvalidFieldException("name", "must be at most " + MAX_NAME_LENGTH + " characters");
        }
        if (email == null) {
            throw new InvalidFieldException("email", "is required");
        }
        if (phone == null) {
            throw new InvalidFieldException("phone", "is required");
        }
    }
}
