package io.payouts.service.http;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/** The bulk result shape: counts and one result per submitted item, in order; a bulk request may partly succeed. */
public record BulkResult(int succeeded, int failed, int total, List<Item> results) {

    /** Items a bulk request may hold (decisions.md, Errors); larger lists are a 400. */
    public static final int MAX_ITEMS = 100;

    public static BulkResult of(List<Item> results) {
        int succeeded = (int) results.stream().filter(Item::isSuccess).count();
        return new BulkResult(succeeded, results.size() - succeeded, results.size(), List.copyOf(results));
    }

    /** One item's outcome: on success the created resource, on error what was sent, the reason and its code. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Item(Object item, String status, String error, String code) {

        public static Item success(Object created) {
            return new Item(created, "success", null, null);
        }

        public static Item error(Object submitted, String error, String code) {
            return new Item(submitted, "error", error, code);
        }

        boolean isSuccess() {
            return "success".equals(status);
        }
    }
}
