package io.payouts.shared;

import java.util.List;

/** One page of a query result; {@code page} counts from 1. */
public record ResultPage<T>(List<T> items, long total, int page, int pageSize) {

    public ResultPage {
        items = List.copyOf(items);
        if (page < 1 || pageSize < 1) {
            throw new IllegalArgumentException("page and pageSize start at 1");
        }
    }

    public static <T> ResultPage<T> empty(int page, int pageSize) {
        return new ResultPage<>(List.of(), 0, page, pageSize);
    }

    public boolean hasNextPage() {
        return (long) page * pageSize < total;
    }
}
