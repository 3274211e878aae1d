package io.payouts.shared.apikey;

import java.util.Objects;

/**
 * The user acting on a key. A developer manages only keys they created; an owner or admin acting through the
 * admin endpoints manages every key.
 */
public record Actor(String userId, boolean administrator) {

    public Actor {
        Objects.requireNonNull(userId, "userId");
    }

    public boolean mayManageKeysOf(String creator) {
        return administrator || userId.equals(creator);
    }
}
