package io.payouts.service.access;

/** What a user may do: owners and admins manage users and approve keys; developers manage their own keys. */
public enum Role {
    OWNER,
    ADMIN,
    DEVELOPER;

    public boolean administers() {
        return this == OWNER || this == ADMIN;
    }
}
