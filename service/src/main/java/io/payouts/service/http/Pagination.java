package io.payouts.service.http;

import io.payouts.shared.InvalidFieldException;
import io.payouts.shared.PageRequest;

/** The page-size defaults and maxima of one kind of list (the spec's Limits table). */
public record Pagination(int defaultPageSize, int maxPageSize) {

    public static final Pagination STANDARD = new Pagination(50, 100);

    /** Checks the raw query parameters; out-of-range values are a 400 naming the parameter. */
    public PageRequest request(Integer page, Integer pageSize) {
        int chosenPage = page == null ? 1 : page;
        int chosenSize = pageSize == null ? defaultPageSize : pageSize;
        if (chosenPage < 1) {
            throw new InvalidFieldException("page", "must be at least 1");
        }
        if (chosenSize < 1 || chosenSize > maxPageSize) {
            throw new InvalidFieldException("pageSize", "must be between 1 and " + maxPageSize);
        }
        return new PageRequest(chosenPage, chosenSize);
    }
}
