package io.payouts.service.http;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;
import io.payouts.shared.InvalidFieldsException;
import io.swagger.v3.oas.annotations.media.Schema;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The bulk result shape: counts and one result per submitted item, in order; a bulk request may partly succeed.
 * {@code S} is what an item holds on success, {@code E} what it holds on error: a record, or a sealed interface
 * whose permitted records are the shapes it may take. They name the shapes for the API document, which tells
 * clients what {@code item} holds.
 */
public record BulkResult<S, E>(int succeeded, int failed, int total, List<Item<S, E>> results) {

    /** Items a bulk request may hold (decisions.md, Errors); larger lists are a 400. */
    public static final int MAX_ITEMS = 100;

    public static <S, E> BulkResult<S, E> of(List<Item<S, E>> results) {
        int succeeded = (int) results.stream().filter(Item::isSuccess).count();
        return new BulkResult<>(succeeded, results.size() - succeeded, results.size(), List.copyOf(results));
    }

    /**
     * One item's outcome: on success the created resource, on error what was sent, the reason and its code.
     * {@code item} is either shape, so Java knows it only as an Object.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Item<S, E>(Object item, @Schema(allowableValues = {"success", "error"}) String status,
                             String error, String code) {

        public static <S, E> Item<S, E> success(S created) {
            return new Item<>(created, "success", null, null);
        }

        public static <S, E> Item<S, E> error(E submitted, String error, String code) {
            return new Item<>(submitted, "error", error, code);
        }

        /** An item the request left empty. */
        public static <S, E> Item<S, E> missing() {
            return error(null, "item: is required", ErrorCode.VALIDATION_ERROR.name());
        }

        /**
         * An item refused for the reason given. An item has no details of its own, so a refusal of fields names
         * each field with its problem in the error text.
         */
        public static <S, E> Item<S, E> refused(E submitted, DomainException refusal) {
            String error = refusal instanceof InvalidFieldsException ? describe(refusal.details())
                    : refusal.getMessage();
            return error(submitted, error, refusal.code().name());
        }

        private static String describe(Map<String, String> fieldProblems) {
            return new TreeMap<>(fieldProblems).entrySet().stream()
                    .map(problem -> problem.getKey() + ": " + problem.getValue())
                    .collect(Collectors.joining("; "));
        }

        boolean isSuccess() {
            return "success".equals(status);
        }
    }
}
