package io.payouts.service.fuzz;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A request as the bytes that go out: method, path with its query, headers (a name may repeat) and the body. A null
 * body sends none; a null content type sends no Content-Type header.
 */
record RawRequest(String method, String path, List<Map.Entry<String, String>> headers, byte[] body) {

    RawRequest {
        headers = List.copyOf(headers);
    }

    static RawRequest of(String method, String path) {
        return new RawRequest(method, path, List.of(), null);
    }

    RawRequest withMethod(String newMethod) {
        return new RawRequest(newMethod, path, headers, body);
    }

    RawRequest withPath(String newPath) {
        return new RawRequest(method, newPath, headers, body);
    }

    RawRequest withBody(byte[] newBody) {
        return new RawRequest(method, path, headers, newBody);
    }

    RawRequest withBody(String json) {
        return withBody(json.getBytes(StandardCharsets.UTF_8));
    }

    /** Replaces every header of that name (case-insensitively) with this one; a null value only removes them. */
    RawRequest withHeader(String name, String value) {
        List<Map.Entry<String, String>> kept = new ArrayList<>(headers.stream()
                .filter(header -> !header.getKey().equalsIgnoreCase(name)).toList());
        if (value != null) {
            kept.add(Map.entry(name, value));
        }
        return new RawRequest(method, path, kept, body);
    }

    /** Adds one more header of that name, keeping those there are. */
    RawRequest plusHeader(String name, String value) {
        List<Map.Entry<String, String>> more = new ArrayList<>(headers);
        more.add(Map.entry(name, value));
        return new RawRequest(method, path, more, body);
    }

    String header(String name) {
        return headers.stream().filter(header -> header.getKey().equalsIgnoreCase(name)).map(Map.Entry::getValue)
                .findFirst().orElse(null);
    }

    String bodyText() {
        return body == null ? null : new String(body, StandardCharsets.UTF_8);
    }

    /** What a report shows of it: the body cut to a readable length. */
    String describe() {
        StringBuilder text = new StringBuilder(method).append(' ').append(cut(path, 300));
        headers.forEach(header -> text.append("\n  ").append(header.getKey()).append(": ")
                .append(header.getKey().toLowerCase(Locale.ROOT).matches("authorization|cookie|x-csrf-token")
                        ? "…" : cut(header.getValue(), 120)));
        if (body != null) {
            text.append("\n  ").append(cut(bodyText(), 400)).append(" (").append(body.length).append(" bytes)");
        }
        return text.toString();
    }

    private static String cut(String text, int length) {
        return text.length() <= length ? text : text.substring(0, length) + "…";
    }
}
