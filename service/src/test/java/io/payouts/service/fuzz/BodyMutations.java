package io.payouts.service.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.function.Predicate;

/** Breaks a valid JSON body: one family of breakage at a time, its details chosen at random. */
final class BodyMutations {

    static final List<String> FAMILIES = List.of("wrong-type", "null-value", "missing-required", "extra-field",
            "at-bound", "past-bound", "huge-number", "float-for-integer", "negative-number", "megabyte-string",
            "long-string", "deep-nesting", "deep-body", "duplicate-key", "duplicate-key-other-type", "odd-unicode",
            "unstorable-unicode", "invalid-utf8", "not-json", "byte-order-mark", "no-body");

    static final int DEPTH = 10_000;
    static final int MEGABYTE = 1 << 20;

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final RawRequest base;
    private final JsonNode body;
    private final List<BodyField> fields;
    private final boolean bodyRequired;
    private final Random random;

    BodyMutations(RawRequest base, JsonNode body, List<BodyField> fields, boolean bodyRequired, Random random) {
        this.base = base;
        this.body = body;
        this.fields = fields;
        this.bodyRequired = bodyRequired;
        this.random = random;
    }

    Optional<Mutation> of(String family) {
        return switch (family) {
            case "wrong-type" -> present(field -> true).map(this::wrongType);
            case "null-value" -> present(field -> true).map(field ->
                    raw(family, field, "null", field.path(), field.required()));
            case "missing-required" -> present(field -> field.required() && field.property()).map(field ->
                    mutation(family, JsonText.bytes(JsonText.remove(body.deepCopy(), field.pointer())),
                            field.path(), true));
            case "extra-field" -> Optional.of(extraField());
            case "at-bound", "past-bound" -> present(BodyMutations::bounded).flatMap(field ->
                    bound(field, family.equals("past-bound")));
            case "huge-number" -> declared("integer").map(field -> {
                String number = pick("9223372036854775807", "9223372036854775808", "-9223372036854775809",
                        "123456789012345678901234567890", "1e400", "1E+30", "2147483648");
                boolean fits = number.equals("9223372036854775807") || number.equals("2147483648")
                        && !"int32".equals(field.schema().getFormat());
                return raw(family, field, number, field.path(), !fits);
            });
            case "float-for-integer" -> declared("integer").map(field -> {
                return raw(family, field, pick("12.5", "0.1", "1.0E-10", "100.0", "1e2", "-0.0"), field.path(),
                        true);
            });
            case "negative-number" -> declared("integer").map(field -> {
                String number = pick("-1", "0", "-12500", "-9223372036854775808");
                boolean belowMinimum = field.schema().getMinimum() != null
                        && field.schema().getMinimum().longValue() > Long.parseLong(number);
                return raw(family, field, number, field.path(), belowMinimum);
            });
            case "megabyte-string" -> declared("string").map(field ->
                    raw(family, field, "\"" + "a".repeat(MEGABYTE) + "\"", "body", true));
            case "long-string" -> declared("string").map(field -> raw(family, field,
                    "\"" + "x".repeat(10_000) + "\"", field.path(), field.schema().getMaxLength() != null));
            case "deep-nesting" -> present(field -> true).map(field -> raw(family, field, deep(), null, true));
            case "deep-body" -> Optional.of(mutation(family, deep().getBytes(StandardCharsets.UTF_8), null, true));
            case "duplicate-key" -> present(BodyField::property).map(field -> mutation(family,
                    JsonText.withDuplicate(body, field.pointer(), JsonText.text(body.at(field.pointer()))),
                    field.path(), true));
            case "duplicate-key-other-type" -> present(BodyField::property).map(field -> mutation(family,
                    JsonText.withDuplicate(body, field.pointer(), otherType(body.at(field.pointer()))),
                    field.path(), true));
            case "odd-unicode" -> present(field -> body.at(field.pointer()).isTextual()).map(field ->
                    textWith(family, field, pick("\u202e", "e\u0301\u0301\u0301", "\u200d", "\ufeff", "\uffff",
                            "\ud83d\ude9a", "\u05e9\u05dc\u05d5\u05dd", "\u0660\u0661"), false));
            case "unstorable-unicode" -> present(field -> body.at(field.pointer()).isTextual())
                    .map(this::unstorable);
            case "invalid-utf8" -> present(field -> body.at(field.pointer()).isTextual()).map(field ->
                    mutation(family, JsonText.withRawValue(body, field.pointer(), JsonText.stringWithRawBytes(
                            body.at(field.pointer()).asText(), invalidUtf8())), field.path(), true));
            case "not-json" -> Optional.of(mutation(family, pick("", "null", "[]", "\"text\"", "42", "true", "{",
                    "{\"a\":}", "{}garbage", "{'a':1}", "{\"a\":1,}", "/* c */{}", "NaN", "{\"amount\":NaN}",
                    JsonText.text(body) + "\u0000").getBytes(StandardCharsets.UTF_8), bodyRequired ? "body" : null,
                    true));
            case "byte-order-mark" -> Optional.of(mutation(family, concat(new byte[]{(byte) 0xEF, (byte) 0xBB,
                    (byte) 0xBF}, JsonText.bytes(body)), null, false));
            case "no-body" -> Optional.of(new Mutation(family, base.withBody((byte[]) null),
                    bodyRequired ? "body" : null, bodyRequired));
            default -> throw new IllegalArgumentException(family);
        };
    }

    /** 10,000 nested arrays, or objects. */
    private String deep() {
        return random.nextBoolean() ? JsonText.nested("[", "]", DEPTH)
                : "{\"a\":".repeat(DEPTH) + "1" + "}".repeat(DEPTH);
    }

    /** A value of another JSON type than the field's. */
    private Mutation wrongType(BodyField field) {
        List<String> others = switch (field.type()) {
            case "integer", "number" -> List.of("\"12\"", "\"abc\"", "true", "{}", "[1,2]");
            case "boolean" -> List.of("\"yes\"", "1", "[]", "{\"a\":1}");
            case "object" -> List.of("\"x\"", "1", "true", "[]", "[{}]");
            case "array" -> List.of("\"x\"", "1", "true", "{}", "{\"a\":1}");
            default -> List.of("123", "true", "1.5", "{}", "[]", "[\"a\"]");
        };
        return raw("wrong-type", field, pick(others), field.path(), true);
    }

    private Mutation extraField() {
        String existing = fields.isEmpty() ? "name" : fields.get(random.nextInt(fields.size())).name();
        String name = pick("zz_extra", "__proto__", "constructor", existing.toUpperCase(), existing + " ", "",
                "n\u202eame", "k".repeat(5_000), "$where");
        ObjectNode copy = (ObjectNode) body.deepCopy();
        copy.set(name, random.nextBoolean() ? NODES.numberNode(1) : NODES.objectNode().put("nested", true));
        return mutation("extra-field", JsonText.bytes(copy), name.isEmpty() ? null : name, false);
    }

    /** The field at its bound or one past it; empty when the valid body already holds it at that bound. */
    private Optional<Mutation> bound(BodyField field, boolean past) {
        var schema = field.schema();
        int step = past ? 1 : 0;
        JsonNode value;
        switch (field.type()) {
            case "string" -> {
                boolean upper = schema.getMaxLength() != null && (schema.getMinLength() == null
                        || schema.getMinLength() == 0 || random.nextBoolean());
                int length = upper ? schema.getMaxLength() + step : Math.max(0, schema.getMinLength() - step);
                value = TextNode.valueOf("b".repeat(length));
            }
            case "integer", "number" -> {
                boolean upper = schema.getMaximum() != null && (schema.getMinimum() == null || random.nextBoolean());
                value = NODES.numberNode(upper ? schema.getMaximum().longValue() + step
                        : schema.getMinimum().longValue() - step);
            }
            default -> {
                ArrayNode items = NODES.arrayNode();
                boolean upper = schema.getMaxItems() != null && (schema.getMinItems() == null
                        || schema.getMinItems() == 0 || random.nextBoolean());
                int size = upper ? schema.getMaxItems() + step : Math.max(0, schema.getMinItems() - step);
                JsonNode first = body.at(field.pointer()).path(0);
                for (int item = 0; item < size; item++) {
                    items.add(first.deepCopy());
                }
                value = items;
            }
        }
        if (value.equals(body.at(field.pointer()))) {
            return Optional.empty();
        }
        return Optional.of(mutation(past ? "past-bound" : "at-bound", JsonText.bytes(JsonText.set(body.deepCopy(),
                field.pointer(), value)), field.path(), past));
    }

    private Mutation unstorable(BodyField field) {
        String text = body.at(field.pointer()).asText() + "xy";
        int kind = random.nextInt(6);
        byte[] raw = switch (kind) {
            case 0 -> JsonText.stringWithRawBytes(text, "\\u0000".getBytes(StandardCharsets.US_ASCII));
            case 1 -> JsonText.stringWithRawBytes(text, "\\ud800".getBytes(StandardCharsets.US_ASCII));
            case 2 -> JsonText.stringWithRawBytes(text, "\\udc00".getBytes(StandardCharsets.US_ASCII));
            case 3 -> JsonText.stringWithRawBytes(text, "\\ude9a\\ud83d".getBytes(StandardCharsets.US_ASCII));
            case 4 -> JsonText.stringWithRawBytes(text, new byte[]{(byte) 0xED, (byte) 0xA0, (byte) 0x80});
            default -> JsonText.stringWithRawBytes(text, new byte[]{0});
        };
        return mutation("unstorable-unicode", JsonText.withRawValue(body, field.pointer(), raw), field.path(), true);
    }

    private byte[] invalidUtf8() {
        return switch (random.nextInt(7)) {
            case 0 -> new byte[]{(byte) 0xC3, 0x28};
            case 1 -> new byte[]{(byte) 0xFF, (byte) 0xFE};
            case 2 -> new byte[]{(byte) 0xC0, (byte) 0xAF};
            case 3 -> new byte[]{(byte) 0xE2, (byte) 0x82};
            case 4 -> new byte[]{(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80};
            case 5 -> new byte[]{(byte) 0x80};
            default -> new byte[]{(byte) 0xF8, (byte) 0x88, (byte) 0x80, (byte) 0x80, (byte) 0x80};
        };
    }

    private Mutation textWith(String family, BodyField field, String inserted, boolean refusal) {
        String text = body.at(field.pointer()).asText();
        int at = text.isEmpty() ? 0 : random.nextInt(text.length() + 1);
        at = at > 0 && Character.isHighSurrogate(text.charAt(at - 1)) ? at - 1 : at;
        String changed = text.substring(0, at) + inserted + text.substring(at);
        return mutation(family, JsonText.bytes(JsonText.set(body.deepCopy(), field.pointer(),
                TextNode.valueOf(changed))), field.path(), refusal);
    }

    private String otherType(JsonNode value) {
        if (value.isTextual()) {
            return pick("{}", "[]", "1", "true", "null", "{\"a\":[1]}");
        }
        if (value.isNumber()) {
            return pick("\"12\"", "{}", "[]", "false", "null");
        }
        if (value.isArray()) {
            return pick("\"x\"", "{}", "1", "null");
        }
        return pick("\"x\"", "[]", "1", "null");
    }

    private Mutation raw(String family, BodyField field, String raw, String named, boolean refusal) {
        return mutation(family, JsonText.withRawValue(body, field.pointer(), raw), named, refusal);
    }

    private Mutation mutation(String family, byte[] bytes, String field, boolean refusal) {
        return new Mutation(family, base.withBody(bytes), field, refusal);
    }

    private Optional<BodyField> present(Predicate<BodyField> which) {
        List<BodyField> chosen = fields.stream().filter(BodyField::present).filter(which).toList();
        return chosen.isEmpty() ? Optional.empty() : Optional.of(chosen.get(random.nextInt(chosen.size())));
    }

    /** A field of that type, present or not: an absent one is added to the body. */
    private Optional<BodyField> declared(String type) {
        List<BodyField> chosen = fields.stream().filter(field -> field.type().equals(type))
                .filter(field -> field.present() || !body.at(field.pointer().head()).isMissingNode()).toList();
        return chosen.isEmpty() ? Optional.empty() : Optional.of(chosen.get(random.nextInt(chosen.size())));
    }

    private static boolean bounded(BodyField field) {
        var schema = field.schema();
        return schema.getMaxLength() != null || schema.getMinLength() != null && schema.getMinLength() > 0
                || schema.getMaximum() != null || schema.getMinimum() != null
                || schema.getMaxItems() != null || schema.getMinItems() != null && schema.getMinItems() > 0;
    }

    private String pick(String... values) {
        return values[random.nextInt(values.length)];
    }

    private String pick(List<String> values) {
        return values.get(random.nextInt(values.size()));
    }

    private static byte[] concat(byte[] first, byte[] second) {
        byte[] both = new byte[first.length + second.length];
        System.arraycopy(first, 0, both, 0, first.length);
        System.arraycopy(second, 0, both, first.length, second.length);
        return both;
    }
}
