package io.payouts.service.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.swagger.v3.oas.models.media.Schema;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Values a schema of the document allows: objects with their required fields and some of the others, strings within
 * their lengths, numbers within their bounds, enums from their values. A field the hints know usually takes a hinted
 * value, now and then a plain one the schema allows.
 */
final class SchemaValues {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int LONGEST_PLAIN_STRING = 30;
    private static final int MOST_ITEMS = 3;

    private final FieldHints hints;

    SchemaValues(FieldHints hints) {
        this.hints = hints;
    }

    Arbitrary<JsonNode> of(Schema<?> schema) {
        return plain(schema);
    }

    /** A query, path or header parameter's value, as its text. */
    Arbitrary<String> parameter(Operation.Parameter parameter) {
        Optional<Arbitrary<String>> hinted = hints.query(parameter.name());
        if (hinted.isPresent() && parameter.schema().getEnum() == null) {
            return hinted.get();
        }
        return plain(parameter.schema()).map(value -> value.isTextual() ? value.asText() : value.toString());
    }

    private Arbitrary<JsonNode> field(String name, Schema<?> schema) {
        if (schema.getEnum() != null) {
            return plain(schema);
        }
        return hints.of(name).map(hinted -> Arbitraries.frequencyOf(Tuple.of(9, hinted), Tuple.of(1, plain(schema))))
                .orElseGet(() -> plain(schema));
    }

    private Arbitrary<JsonNode> plain(Schema<?> schema) {
        if (schema.getEnum() != null && !schema.getEnum().isEmpty()) {
            return Arbitraries.of(schema.getEnum()).map(value -> (JsonNode) JSON.valueToTree(value));
        }
        return switch (type(schema)) {
            case "object" -> object(schema);
            case "array" -> array(schema);
            case "integer" -> integer(schema);
            case "number" -> Arbitraries.doubles().between(bound(schema.getMinimum(), 0), bound(schema.getMaximum(),
                    1_000_000)).map(NODES::numberNode);
            case "boolean" -> Arbitraries.of(true, false).map(NODES::booleanNode);
            default -> string(schema);
        };
    }

    private Arbitrary<JsonNode> object(Schema<?> schema) {
        Map<String, Schema> properties = schema.getProperties() == null ? Map.of() : schema.getProperties();
        List<String> required = schema.getRequired() == null ? List.of() : schema.getRequired();
        List<String> names = new ArrayList<>(properties.keySet());
        List<Arbitrary<Optional<JsonNode>>> values = new ArrayList<>();
        for (String name : names) {
            Arbitrary<JsonNode> value = field(name, properties.get(name));
            values.add(required.contains(name) ? value.map(Optional::of) : value.optional(0.5));
        }
        if (values.isEmpty()) {
            return Arbitraries.just(NODES.objectNode());
        }
        return Combinators.combine(values).as(chosen -> {
            ObjectNode object = NODES.objectNode();
            for (int index = 0; index < names.size(); index++) {
                int at = index;
                chosen.get(index).ifPresent(value -> object.set(names.get(at), value));
            }
            return object;
        });
    }

    private Arbitrary<JsonNode> array(Schema<?> schema) {
        int least = schema.getMinItems() == null ? 0 : schema.getMinItems();
        int most = Math.max(least, Math.min(schema.getMaxItems() == null ? MOST_ITEMS : schema.getMaxItems(),
                MOST_ITEMS));
        Schema<?> items = schema.getItems() == null ? new Schema<>().type("string") : schema.getItems();
        return plain(items).list().ofMinSize(Math.max(least, 1)).ofMaxSize(Math.max(most, 1))
                .map(list -> NODES.arrayNode().addAll(list));
    }

    private static Arbitrary<JsonNode> integer(Schema<?> schema) {
        long least = (long) bound(schema.getMinimum(), 0);
        long most = (long) bound(schema.getMaximum(), "int32".equals(schema.getFormat()) ? 1_000 : 100_000);
        return Arbitraries.longs().between(least, Math.max(least, most)).map(NODES::numberNode);
    }

    private static Arbitrary<JsonNode> string(Schema<?> schema) {
        int least = schema.getMinLength() == null ? 0 : schema.getMinLength();
        int most = Math.max(least, Math.min(schema.getMaxLength() == null ? LONGEST_PLAIN_STRING
                : schema.getMaxLength(), LONGEST_PLAIN_STRING));
        return Arbitraries.strings().alpha().numeric().withChars(" -_.'éßøÅ").withCharRange('\u4e00', '\u4e0f')
                .ofMinLength(least).ofMaxLength(most).map(NODES::textNode);
    }

    static String type(Schema<?> schema) {
        if (schema.getTypes() != null) {
            Optional<String> named = schema.getTypes().stream().filter(type -> !type.equals("null")).findFirst();
            if (named.isPresent()) {
                return named.get();
            }
        }
        if (schema.getType() != null) {
            return schema.getType();
        }
        if (schema.getProperties() != null) {
            return "object";
        }
        return schema.getItems() != null ? "array" : "string";
    }

    private static double bound(BigDecimal bound, double otherwise) {
        return bound == null ? otherwise : bound.doubleValue();
    }
}
