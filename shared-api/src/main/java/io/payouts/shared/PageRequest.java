package io.payouts.shared;

/** Which page of a list a query asks for; {@code page} counts from 1. */
public record PageRequest(int page, int pageSize) {

    public PageRequest {
        if (page < 1) {
            throw new InvalidFieldException("page", "must be at least 1");
        }
        if (pageSize < 1) {
            throw new InvalidFieldException("pageSize", "must be at least 1");
        }
    }

    public long offset() {
        return (long) (page - 1) * pageSize;
    }
}
