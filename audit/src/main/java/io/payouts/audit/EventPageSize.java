package io.payouts.audit;

import io.payouts.shared.InvalidFieldException;

/** How many events a page of GET /api/v1/events holds: {@code limit}, 1 to {@link #MAX}, else {@link #DEFAULT}. */
public final class EventPageSize {

    public static final int DEFAULT = 50;
    public static final int MAX = 100;

    private EventPageSize() {
    }

    /** The requested size, or a 400 naming {@code limit}. */
    static int of(Integer limit) {
        int size = limit == null ? DEFAULT : limit;
        if (size < 1 || size > MAX) {
            throw new InvalidFieldException("limit", "must be between 1 and " + MAX);
        }
        return size;
    }
}
