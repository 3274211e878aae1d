package io.payouts.service.openapi;

import io.swagger.v3.oas.models.media.JsonSchema;
import io.swagger.v3.oas.models.media.Schema;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** OpenAPI 3.1 schemas written by hand: JSON Schema types, with null as a type where a field may be null. */
final class Schemas {

    static final String COMPONENTS = "#/components/schemas/";

    private Schemas() {
    }

    static Schema<Object> string() {
        return typed("string");
    }

    static Schema<Object> dateTime() {
        return typed("string").format("date-time");
    }

    static Schema<Object> integer() {
        return typed("integer").format("int64");
    }

    static Schema<Object> bool() {
        return typed("boolean");
    }

    static Schema<Object> typedObject() {
        return typed("object");
    }

    static Schema<Object> jsonNull() {
        return typed("null");
    }

    static Schema<Object> oneOf(List<String> values) {
        Schema<Object> schema = string();
        values.forEach(schema::addEnumItemObject);
        return schema;
    }

    static Schema<Object> ref(String component) {
        return new JsonSchema().$ref(COMPONENTS + component);
    }

    /** An object whose every property is required; {@code properties} alternate names and schemas. */
    static Schema<Object> object(Object... properties) {
        Map<String, Schema> named = new LinkedHashMap<>();
        for (int i = 0; i < properties.length; i += 2) {
            named.put((String) properties[i], (Schema<?>) properties[i + 1]);
        }
        return typed("object").properties(named).required(List.copyOf(named.keySet()));
    }

    /** Adds null to the types a schema allows. */
    static void allowNull(Schema<?> schema) {
        Set<String> types = schema.getTypes() == null ? new LinkedHashSet<>() : new LinkedHashSet<>(schema.getTypes());
        if (!types.isEmpty()) {
            types.add("null");
            schema.setTypes(types);
        }
    }

    private static Schema<Object> typed(String... types) {
        return new JsonSchema().types(new LinkedHashSet<>(Arrays.asList(types)));
    }
}
