package io.payouts.service.openapi;

import io.payouts.service.http.ErrorStatus;
import io.payouts.shared.ErrorCode;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.examples.Example;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.responses.ApiResponse;

import java.util.Arrays;
import java.util.Collection;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

import static io.payouts.service.openapi.Schemas.bool;
import static io.payouts.service.openapi.Schemas.object;
import static io.payouts.service.openapi.Schemas.oneOf;
import static io.payouts.service.openapi.Schemas.ref;
import static io.payouts.service.openapi.Schemas.string;

/**
 * The error envelope and the error responses of an operation: one response per status, its schema allowing
 * exactly the codes the operation can answer with that status (paired by {@link ErrorStatus}), with an example
 * of each.
 */
final class ErrorResponses {

    static final String ENVELOPE = "ErrorEnvelope";
    static final String RATE_LIMIT_LIMIT = "X-RateLimit-Limit";
    static final String RATE_LIMIT_REMAINING = "X-RateLimit-Remaining";
    static final String RATE_LIMIT_RESET = "X-RateLimit-Reset";
    static final String RETRY_AFTER = "Retry-After";
    static final String REQUEST_ID = "X-Request-Id";

    /** Wrong content type, and an Accept that refuses JSON: the codes whose status is not the table's (ADR-0004). */
    private static final int UNSUPPORTED_MEDIA_TYPE = 415;
    private static final int NOT_ACCEPTABLE = 406;

    private static final Map<ErrorCode, String> MESSAGES = new EnumMap<>(Map.ofEntries(
            Map.entry(ErrorCode.VALIDATION_ERROR, "invalid request: amount"),
            Map.entry(ErrorCode.INVALID_REQUEST, "send the body as application/json"),
            Map.entry(ErrorCode.INVALID_SCOPES, "unknown scopes: payouts:everything"),
            Map.entry(ErrorCode.INSUFFICIENT_FUNDS,
                    "insufficient funds: 12500 cents ($125.00) requested, 5000 cents ($50.00) available"),
            Map.entry(ErrorCode.UNAUTHORIZED, "authentication required: send Authorization: Bearer <credential>"),
            Map.entry(ErrorCode.FORBIDDEN, "this API key lacks the scope payouts:write"),
            Map.entry(ErrorCode.NOT_FOUND, "payout pay_0123456789abcdef0123456789abcdef not found"),
            Map.entry(ErrorCode.KEY_NOT_FOUND, "API key key_0123456789abcdef0123456789abcdef not found"),
            Map.entry(ErrorCode.CONFLICT, "svcDriverId ext-1 is already registered"),
            Map.entry(ErrorCode.INVALID_STATE, "payout pay_0123456789abcdef0123456789abcdef is completed"),
            Map.entry(ErrorCode.IDEMPOTENCY_CONFLICT, "this Idempotency-Key was used with another body"),
            Map.entry(ErrorCode.REVOKE_FAILED, "API key key_0123456789abcdef0123456789abcdef is already revoked"),
            Map.entry(ErrorCode.DRIVER_NOT_PAYABLE, "the driver is invited with KYC pending"),
            Map.entry(ErrorCode.RATE_LIMITED, "rate limit exceeded; retry after the time in Retry-After"),
            Map.entry(ErrorCode.INTERNAL_ERROR, "internal error; quote the request id when reporting it"),
            Map.entry(ErrorCode.UNAVAILABLE, "the read model did not catch up in time; the write stands")));

    private ErrorResponses() {
    }

    static void register(Components components) {
        components.addSchemas("Meta", object(
                "requestId", string().description("X-Request-Id: yours if it matches [A-Za-z0-9._:-]{1,100}, else"
                        + " req_<32 hex>").example("req_0123456789abcdef0123456789abcdef"),
                "timestamp", Schemas.dateTime().description("when the request arrived")));
        components.addSchemas(ENVELOPE, object(
                "success", bool().description("false"),
                "error", object(
                        "code", oneOf(Arrays.stream(ErrorCode.values()).map(Enum::name).toList()),
                        "message", string(),
                        "details", Schemas.typedObject().description("the offending fields, each with its "
                                + "problem; on a 503 after which a write may have been stored, resourceType and "
                                + "resourceId (or resourceIds, comma-separated) name what to check before writing "
                                + "again")
                                .additionalProperties(string())),
                "meta", ref("Meta")));
        for (ErrorCode code : ErrorCode.values()) {
            components.addExamples(code.name(), new Example().summary(message(code)).value(example(code)));
        }
        components.addHeaders(RATE_LIMIT_LIMIT, header("requests per minute the caller's bucket refills"));
        components.addHeaders(RATE_LIMIT_REMAINING, header("requests left in the bucket now"));
        components.addHeaders(RATE_LIMIT_RESET, header("when the bucket is full again, in Unix seconds"));
        components.addHeaders(RETRY_AFTER, header("seconds to wait before trying again"));
        components.addHeaders(REQUEST_ID, new Header().description("the request's id, as in meta.requestId")
                .schema(string()));
    }

    /**
     * The error responses for {@code codes}, by status: each a reference to a shared response component named
     * after its status and codes, added to {@code components} when first needed.
     */
    static Map<String, ApiResponse> responses(Components components, Collection<ErrorCode> codes, boolean withBody) {
        Map<Integer, List<ErrorCode>> byStatus = new TreeMap<>();
        for (ErrorCode code : codes) {
            byStatus.computeIfAbsent(ErrorStatus.of(code).value(), status -> new java.util.ArrayList<>()).add(code);
        }
        if (withBody) {
            byStatus.computeIfAbsent(UNSUPPORTED_MEDIA_TYPE, status -> new java.util.ArrayList<>())
                    .add(ErrorCode.INVALID_REQUEST);
        }
        byStatus.computeIfAbsent(NOT_ACCEPTABLE, status -> new java.util.ArrayList<>()).add(ErrorCode.INVALID_REQUEST);
        Map<String, ApiResponse> responses = new LinkedHashMap<>();
        byStatus.forEach((status, listed) -> {
            List<String> names = listed.stream().distinct().map(Enum::name).toList();
            String component = "Error" + status + "_" + String.join("_", names);
            if (components.getResponses() == null || !components.getResponses().containsKey(component)) {
                components.addResponses(component, response(status, names));
            }
            responses.put(String.valueOf(status), new ApiResponse().$ref("#/components/responses/" + component));
        });
        return responses;
    }

    static Map<String, Header> standardHeaders(boolean retryAfter) {
        Map<String, Header> headers = new LinkedHashMap<>();
        for (String name : List.of(REQUEST_ID, RATE_LIMIT_LIMIT, RATE_LIMIT_REMAINING, RATE_LIMIT_RESET)) {
            headers.put(name, new Header().$ref("#/components/headers/" + name));
        }
        if (retryAfter) {
            headers.put(RETRY_AFTER, new Header().$ref("#/components/headers/" + RETRY_AFTER));
        }
        return headers;
    }

    private static String message(ErrorCode code) {
        return MESSAGES.getOrDefault(code, code.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' '));
    }

    private static Header header(String description) {
        return new Header().description(description).schema(Schemas.integer());
    }

    private static ApiResponse response(int status, List<String> names) {
        Schema<Object> codeOnly = Schemas.typedObject();
        codeOnly.addProperty("error", Schemas.typedObject().addProperty("code", oneOf(names)));
        Schema<Object> schema = new io.swagger.v3.oas.models.media.JsonSchema()
                .allOf(List.of(ref(ENVELOPE), codeOnly));
        MediaType json = new MediaType().schema(schema);
        for (String name : names) {
            json.addExamples(name, new Example().$ref("#/components/examples/" + name));
        }
        return new ApiResponse()
                .description(names.stream().map(name -> "`" + name + "`").collect(Collectors.joining(", ")))
                .headers(standardHeaders(Set.of(429, 503).contains(status)))
                .content(new Content().addMediaType(org.springframework.http.MediaType.APPLICATION_JSON_VALUE, json));
    }

    private static Map<String, Object> example(ErrorCode code) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("code", code.name());
        error.put("message", message(code));
        error.put("details", code == ErrorCode.VALIDATION_ERROR ? Map.of("amount", "must be at least 1") : Map.of());
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("success", false);
        body.put("error", error);
        body.put("meta", Map.of("requestId", "req_0123456789abcdef0123456789abcdef",
                "timestamp", "2026-01-01T00:00:00Z"));
        return body;
    }
}
