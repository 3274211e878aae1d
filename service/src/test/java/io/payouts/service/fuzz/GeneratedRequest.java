package io.payouts.service.fuzz;

import com.fasterxml.jackson.databind.JsonNode;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A valid request generated from an operation's schemas, kept in parts (path values, query, body) so that each part
 * can be broken on its own; {@code request} is it as it goes out, with its credential.
 */
record GeneratedRequest(Operation operation, Map<String, String> pathValues, List<Map.Entry<String, String>> query,
                        JsonNode body, RawRequest request) {

    /** The path with these values, each already percent-encoded where it must be, and this query string. */
    static String path(String template, Map<String, String> encodedValues, List<Map.Entry<String, String>> query) {
        String path = template;
        for (Map.Entry<String, String> value : encodedValues.entrySet()) {
            path = path.replace("{" + value.getKey() + "}", value.getValue());
        }
        if (query.isEmpty()) {
            return path;
        }
        return path + "?" + query.stream().map(pair -> pair.getValue() == null ? pair.getKey()
                : pair.getKey() + "=" + pair.getValue()).collect(Collectors.joining("&"));
    }

    static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** The path values percent-encoded, as {@link #path} takes them. */
    Map<String, String> encodedPathValues() {
        Map<String, String> encoded = new LinkedHashMap<>();
        pathValues.forEach((name, value) -> encoded.put(name, encode(value)));
        return encoded;
    }

    /** The query percent-encoded, as {@link #path} takes it. */
    List<Map.Entry<String, String>> encodedQuery() {
        return query.stream().map(pair -> Map.entry(encode(pair.getKey()), encode(pair.getValue()))).toList();
    }
}
