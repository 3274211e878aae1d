package io.payouts.service.http;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.time.Instant;

/** The success envelope: {@code {success: true, data, meta: {requestId, timestamp}}}. */
public record ApiResponse<T>(boolean success, T data, Meta meta) {

    public static <T> ApiResponse<T> ok(RequestContext context, T data) {
        return new ApiResponse<>(true, data, Meta.of(context));
    }

    public record Meta(String requestId, Instant timestamp) {

        public static Meta of(RequestContext context) {
            return new Meta(context.requestId(), context.receivedAt());
        }
    }

    /** The error envelope: {@code {success: false, error: {code, message, details}, meta}}. */
    public record Failure(boolean success, Error error, Meta meta) {

        public static Failure of(String code, String message, java.util.Map<String, String> details,
                                 String requestId, Instant at) {
            return new Failure(false, new Error(code, message, details), new Meta(requestId, at));
        }
    }

    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record Error(String code, String message, java.util.Map<String, String> details) {
    }
}
