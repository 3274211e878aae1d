package io.payouts.client;

import java.util.List;

/** One page of a list, newest first; {@code hasNextPage} is false on the lists the spec gives none. */
public record Page<T>(List<T> items, long total, int page, int pageSize, boolean hasNextPage) {
}
