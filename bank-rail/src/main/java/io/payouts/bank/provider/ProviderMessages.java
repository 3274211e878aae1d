package io.payouts.bank.provider;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.util.List;

/** What the provider's answer says, read leniently: providers word their errors in several ways. */
final class ProviderMessages {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int MAX_MESSAGE = 300;
    private static final List<List<String>> MESSAGE_PATHS = List.of(List.of("message"),
            List.of("error", "message"), List.of("error"), List.of("error_description"), List.of("detail"),
            List.of("title"));

    private ProviderMessages() {
    }

    /**
     * The refusal's message: {@code message}, {@code error.message}, {@code error}, {@code error_description},
     * {@code detail} or {@code title} of a JSON body, or a plain-text body; else the status alone.
     */
    static String message(int status, String body) {
        String fallback = "the payment provider refused the payout (HTTP " + status + ")";
        if (body == null || body.isBlank()) {
            return fallback;
        }
        JsonNode json = parse(body);
        if (json == null) {
            return body.strip().startsWith("<") ? fallback : clean(body);
        }
        for (List<String> path : MESSAGE_PATHS) {
            JsonNode node = json;
            for (String field : path) {
                node = node.path(field);
            }
            if (node.isTextual() && !node.asText().isBlank()) {
                return clean(node.asText());
            }
        }
        return fallback;
    }

    /** The provider's id for the attempt, {@code id} of a JSON body, if it names one. */
    static String reference(String body) {
        JsonNode json = parse(body);
        JsonNode id = json == null ? null : json.path("id");
        return id != null && id.isValueNode() && !id.asText().isBlank() ? clean(id.asText()) : null;
    }

    /** A few words of a failed answer's body for the log and the health details, if it has any. */
    static String detail(String body) {
        if (body == null || body.isBlank()) {
            return "";
        }
        String text = clean(body);
        return ": " + (text.length() > 200 ? text.substring(0, 200) : text);
    }

    private static JsonNode parse(String body) {
        if (body == null || body.isBlank()) {
            return null;
        }
        try {
            JsonNode json = JSON.readTree(body);
            return json != null && json.isObject() ? json : null;
        } catch (IOException notJson) {
            return null;
        }
    }

    /** One line of printable text, at most {@value #MAX_MESSAGE} characters: it becomes a failure reason. */
    private static String clean(String text) {
        String line = text.replaceAll("\\p{Cntrl}", " ").replaceAll("\\s+", " ").strip();
        return line.length() > MAX_MESSAGE ? line.substring(0, MAX_MESSAGE) : line;
    }
}
