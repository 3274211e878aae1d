package io.payouts.service.fuzz;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * JSON bodies as bytes, with room for what a JSON library will not write: a value replaced by raw bytes (invalid
 * UTF-8, a lone surrogate's bytes, a second value for the same field, 10,000 brackets).
 */
final class JsonText {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String MARKER = "@@fuzz-raw-value@@";

    private JsonText() {
    }

    static byte[] bytes(JsonNode node) {
        try {
            return JSON.writeValueAsBytes(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    static String text(JsonNode node) {
        return new String(bytes(node), StandardCharsets.UTF_8);
    }

    /** The body with the value at {@code at} written as {@code raw}, byte for byte. */
    static byte[] withRawValue(JsonNode body, JsonPointer at, byte[] raw) {
        JsonNode copy = body.deepCopy();
        set(copy, at, TextNode.valueOf(MARKER));
        return splice(bytes(copy), ("\"" + MARKER + "\"").getBytes(StandardCharsets.UTF_8), raw);
    }

    static byte[] withRawValue(JsonNode body, JsonPointer at, String raw) {
        return withRawValue(body, at, raw.getBytes(StandardCharsets.UTF_8));
    }

    /** The body with the field at {@code at} given twice: its own value, then {@code second}. */
    static byte[] withDuplicate(JsonNode body, JsonPointer at, String second) {
        String name = at.last().getMatchingProperty();
        String first = text(body.at(at));
        return withRawValue(body, at, first + "," + text(TextNode.valueOf(name)) + ":" + second);
    }

    /** A string value's JSON text with {@code inside} spliced into its middle as raw bytes. */
    static byte[] stringWithRawBytes(String value, byte[] inside) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int half = value.length() / 2;
        String quotedStart = text(TextNode.valueOf(value.substring(0, half)));
        String quotedEnd = text(TextNode.valueOf(value.substring(half)));
        out.writeBytes(quotedStart.substring(0, quotedStart.length() - 1).getBytes(StandardCharsets.UTF_8));
        out.writeBytes(inside);
        out.writeBytes(quotedEnd.substring(1).getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    static JsonNode set(JsonNode root, JsonPointer at, JsonNode value) {
        JsonNode parent = root.at(at.head());
        if (parent instanceof ObjectNode object) {
            object.set(at.last().getMatchingProperty(), value);
        } else if (parent instanceof ArrayNode array) {
            array.set(at.last().getMatchingIndex(), value);
        }
        return root;
    }

    static JsonNode remove(JsonNode root, JsonPointer at) {
        JsonNode parent = root.at(at.head());
        if (parent instanceof ObjectNode object) {
            object.remove(at.last().getMatchingProperty());
        } else if (parent instanceof ArrayNode array) {
            array.remove(at.last().getMatchingIndex());
        }
        return root;
    }

    static String nested(String open, String close, int depth) {
        return open.repeat(depth) + close.repeat(depth);
    }

    private static byte[] splice(byte[] text, byte[] marker, byte[] replacement) {
        for (int start = 0; start <= text.length - marker.length; start++) {
            if (Arrays.equals(text, start, start + marker.length, marker, 0, marker.length)) {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                out.write(text, 0, start);
                out.writeBytes(replacement);
                out.write(text, start + marker.length, text.length - start - marker.length);
                return out.toByteArray();
            }
        }
        throw new IllegalStateException("the marker is not in the body");
    }
}
