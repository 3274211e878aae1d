package io.payouts.service.access;

/** A disabled user can no longer sign in, and their open sessions end. */
public enum UserStatus {
    ACTIVE,
    DISABLED
}
