package io.payouts.service.fuzz;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import io.swagger.v3.oas.models.media.Schema;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A field of a generated body, present or only declared, with its schema: {@code path} is how the service names it
 * ({@code payouts[1].amount}), {@code pointer} where it is in the tree.
 */
record BodyField(String path, JsonPointer pointer, Schema<?> schema, boolean required, boolean present) {

    String name() {
        int dot = path.lastIndexOf('.');
        return dot < 0 ? path : path.substring(dot + 1);
    }

    /** A field of an object, not an item of an array. */
    boolean property() {
        return !path.endsWith("]");
    }

    String type() {
        return SchemaValues.type(schema);
    }

    static List<BodyField> of(JsonNode body, Schema<?> schema) {
        List<BodyField> fields = new ArrayList<>();
        collect(body, schema, "", JsonPointer.empty(), fields);
        return fields;
    }

    private static void collect(JsonNode node, Schema<?> schema, String path, JsonPointer pointer,
                                List<BodyField> fields) {
        if (node == null || schema == null) {
            return;
        }
        if (node.isObject() && schema.getProperties() != null) {
            List<String> required = schema.getRequired() == null ? List.of() : schema.getRequired();
            for (Map.Entry<String, Schema> property : schema.getProperties().entrySet()) {
                String name = property.getKey();
                String at = path.isEmpty() ? name : path + "." + name;
                JsonPointer child = pointer.appendProperty(name);
                fields.add(new BodyField(at, child, property.getValue(), required.contains(name), node.has(name)));
                collect(node.get(name), property.getValue(), at, child, fields);
            }
        } else if (node.isArray() && schema.getItems() != null) {
            for (int index = 0; index < node.size(); index++) {
                String at = path + "[" + index + "]";
                JsonPointer child = pointer.appendIndex(index);
                fields.add(new BodyField(at, child, schema.getItems(), true, true));
                collect(node.get(index), schema.getItems(), at, child, fields);
            }
        }
    }
}
