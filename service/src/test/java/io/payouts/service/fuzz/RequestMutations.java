package io.payouts.service.fuzz;

import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * Breaks what surrounds the body: its Content-Type, the path's ids, the query string, the headers and the method.
 * Path and query values are written percent-encoded, as a client must, so that odd bytes reach the service's
 * decoding rather than stopping in the JDK's URI parser.
 */
final class RequestMutations {

    static final List<String> FAMILIES = List.of("wrong-content-type", "missing-content-type", "unexpected-body",
            "malformed-id", "odd-query", "odd-header", "undocumented-method");

    private static final List<String> MALFORMED_IDS = List.of("x", "drv_", "pay_0123", "DRV_" + "A".repeat(32),
            "drv_" + "0".repeat(33), "%00", "%2e%2e", "..%2F..%2Fetc%2Fpasswd", "%C3%28", "%ED%A0%80", "%E2%80%AE",
            "a%20b", "id".repeat(2_500), "%27%20OR%201%3D1--", "null", "-1", "1e309", "%F0%9F%9A%9A", "%EF%BB%BF");

    private final GeneratedRequest generated;
    private final List<String> documentedMethods;
    private final Random random;

    RequestMutations(GeneratedRequest generated, List<String> documentedMethods, Random random) {
        this.generated = generated;
        this.documentedMethods = documentedMethods;
        this.random = random;
    }

    Optional<Mutation> of(String family) {
        Operation operation = generated.operation();
        RawRequest request = generated.request();
        return switch (family) {
            case "wrong-content-type" -> {
                String type = pick("text/plain", "application/xml", "application/x-www-form-urlencoded",
                        "multipart/form-data", "garbage;;", "application/jsonx", "application/vnd.api+json",
                        "application/json; charset=UTF-16", "application/json; charset=ISO-8859-1",
                        "application/json;foo=bar", "*/*");
                boolean refusal = operation.hasBody() && type.matches("text/plain|application/xml|application/x-www"
                        + "-form-urlencoded|multipart/form-data|garbage;;|application/jsonx|\\*/\\*");
                RawRequest withBody = request.body() == null ? request.withBody("{}") : request;
                yield Optional.of(new Mutation(family, withBody.withHeader("Content-Type", type), null, refusal));
            }
            case "missing-content-type" -> Optional.of(new Mutation(family, (request.body() == null
                    ? request.withBody("{}") : request).withHeader("Content-Type", null), null, operation.hasBody()));
            case "unexpected-body" -> operation.hasBody() ? Optional.empty() : Optional.of(new Mutation(family,
                    request.withBody("{\"unexpected\":true,\"amount\":-1}").withHeader("Content-Type",
                            "application/json"), null, false));
            case "malformed-id" -> malformedId();
            case "odd-query" -> Optional.of(oddQuery());
            case "odd-header" -> Optional.of(oddHeader());
            case "undocumented-method" -> documentedMethods.contains("PATCH") ? Optional.empty()
                    : Optional.of(new Mutation(family, request.withMethod("PATCH"), null, true));
            default -> throw new IllegalArgumentException(family);
        };
    }

    private Optional<Mutation> malformedId() {
        if (generated.pathValues().isEmpty()) {
            return Optional.empty();
        }
        Map<String, String> values = generated.encodedPathValues();
        List<String> names = new ArrayList<>(values.keySet());
        String id = pick(MALFORMED_IDS);
        values.put(names.get(random.nextInt(names.size())), id);
        return Optional.of(new Mutation("malformed-id", generated.request().withPath(GeneratedRequest.path(
                generated.operation().template(), values, generated.encodedQuery())), null, true, id.contains("%")));
    }

    private Mutation oddQuery() {
        List<Map.Entry<String, String>> query = new ArrayList<>(generated.encodedQuery());
        List<Operation.Parameter> documented = generated.operation().in("query");
        String named = null;
        boolean refusal = false;
        boolean overLimit = false;
        if (!documented.isEmpty() && random.nextInt(3) > 0) {
            Operation.Parameter parameter = documented.get(random.nextInt(documented.size()));
            String type = SchemaValues.type(parameter.schema());
            String value;
            if (type.equals("integer")) {
                value = pick("abc", "1.5", "-1", "0", "99999999999999999999", "1e3", "%201", "", "0x10");
                boolean belowMinimum = parameter.schema().getMinimum() != null && value.matches("-1|0")
                        && parameter.schema().getMinimum().longValue() > Long.parseLong(value);
                refusal = value.matches("abc|1\\.5|99999999999999999999|1e3|0x10") || belowMinimum;
            } else if (parameter.schema().getEnum() != null) {
                value = pick("PENDING", "nope", "%00", "");
                refusal = !value.isEmpty();
            } else {
                value = pick("%00", "%ED%A0%80", "%C3%28", "q".repeat(10_000), "%E2%80%AE", "2026-13-45T99:00:00Z",
                        "%27%3B--", "");
                refusal = value.matches("%00|%ED%A0%80");
            }
            query.removeIf(pair -> pair.getKey().equals(parameter.name()));
            query.add(Map.entry(parameter.name(), value));
            named = parameter.name();
            overLimit = value.length() > 8_000;
        } else {
            switch (random.nextInt(4)) {
                case 0 -> query.add(Map.entry("zz_unknown", "1"));
                case 1 -> {
                    query.add(Map.entry("page", "1"));
                    query.add(Map.entry("page", "2"));
                }
                case 2 -> query.add(new AbstractMap.SimpleEntry<>("bare", null));
                default -> query.add(Map.entry("%E2%80%AE", "%F0%9F%9A%9A"));
            }
        }
        return new Mutation("odd-query", generated.request().withPath(GeneratedRequest.path(
                generated.operation().template(), generated.encodedPathValues(), query)), refusal ? named : null,
                refusal || overLimit, overLimit);
    }

    private Mutation oddHeader() {
        RawRequest request = generated.request();
        Operation operation = generated.operation();
        boolean idempotent = operation.in("header").stream().anyMatch(p -> p.name().equals("Idempotency-Key"));
        boolean scenario = operation.in("header").stream().anyMatch(p -> p.name().equals("X-Sandbox-Scenario"));
        boolean credential = operation.credential() != Operation.Credential.NONE;
        String bearer = request.header("Authorization");
        Map<String, Mutation> choices = new LinkedHashMap<>();
        String key = pick("a b", "k".repeat(256), "", "\u00e9t\u00e9");
        choices.put("idempotency", new Mutation("odd-header", request.withHeader("Idempotency-Key", key),
                "Idempotency-Key", idempotent));
        choices.put("request-id", new Mutation("odd-header", request.withHeader("X-Request-Id",
                pick("a b", "r".repeat(101), "<script>", "\u00e9t\u00e9")), null, false));
        choices.put("scenario", new Mutation("odd-header", request.withHeader("X-Sandbox-Scenario",
                pick("nope", "SUCCESS", "")), "X-Sandbox-Scenario", false));
        choices.put("accept", new Mutation("odd-header", request.withHeader("Accept",
                pick("text/html", "application/xml", "image/png")), null, true));
        if (credential && bearer != null) {
            String broken = pick("Bearer", "Bearer svc_sbox_" + "x".repeat(43), "Basic Zm9vOmJhcg==",
                    "Bearer " + bearer.substring("Bearer ".length()) + " extra", "Bearer sess_%00", "Token abc");
            choices.put("authorization", new Mutation("odd-header", request.withHeader("Authorization", broken),
                    null, true));
            choices.put("authorization-twice", new Mutation("odd-header",
                    request.plusHeader("Authorization", "Bearer svc_prod_" + "y".repeat(43)), null, false));
        }
        choices.put("console-mode", new Mutation("odd-header", request.withHeader("X-Console-Mode",
                pick("staging", "SANDBOX", "")), null, false));
        choices.put("content-encoding", new Mutation("odd-header", request.withHeader("Content-Encoding", "gzip"),
                null, false));
        choices.put("cookie", new Mutation("odd-header", request.withHeader("Cookie",
                pick("payouts_console=sess_bogus", "payouts_console=", "a=b; a=c; payouts_console=\"x\"")), null,
                false));
        choices.put("forwarded", new Mutation("odd-header", request.withHeader("X-Forwarded-For",
                "999.999.1.1, junk, ::1"), null, false));
        choices.put("huge", new Mutation("odd-header", request.withHeader("X-Fuzz", "h".repeat(20_000)), null,
                true, true));
        if (!scenario) {
            choices.remove("scenario");
        }
        List<Mutation> all = new ArrayList<>(choices.values());
        return all.get(random.nextInt(all.size()));
    }

    private String pick(String... values) {
        return values[random.nextInt(values.length)];
    }

    private String pick(List<String> values) {
        return values.get(random.nextInt(values.size()));
    }
}
