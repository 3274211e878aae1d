package io.payouts.service.openapi;

import io.payouts.service.http.ApiResponse;
import io.payouts.service.http.BulkResult;
import io.swagger.v3.core.converter.AnnotatedType;
import io.swagger.v3.core.converter.ModelConverters;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.media.JsonSchema;
import io.swagger.v3.oas.models.media.Schema;
import org.springframework.core.ResolvableType;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

import static io.payouts.service.openapi.Schemas.ref;

/**
 * Says what the {@code item} of each bulk endpoint's results holds. Java knows it only as an Object, so springdoc
 * writes {@code {}}; the endpoint's {@code BulkResult<S, E>} names the shape on success and those on error, and
 * {@code item} becomes any of them. Not oneOf: the shapes are open objects, and an AdmittedItem is a RefusedItem too,
 * a StatusItem an IdItem; {@code status} tells which it is.
 */
final class BulkItems {

    private static final String SUBMITTED = "Submitted";

    private final Map<String, Shapes> byItemSchema;
    private final Set<Class<?>> requests;

    private BulkItems(Map<String, Shapes> byItemSchema, Set<Class<?>> requests) {
        this.byItemSchema = byItemSchema;
        this.requests = requests;
    }

    /** What one endpoint's items hold: on success, and on error. */
    private record Shapes(Class<?> success, List<Class<?>> error) {
    }

    /** The bulk endpoints' item shapes, by the name springdoc gives each endpoint's item schema. */
    static BulkItems of(RequestMappingHandlerMapping handlers) {
        Map<String, Shapes> byItemSchema = new TreeMap<>();
        for (HandlerMethod handler : handlers.getHandlerMethods().values()) {
            ResolvableType answer = ResolvableType.forMethodReturnType(handler.getMethod());
            ResolvableType result = answer.getGeneric(0);
            if (answer.resolve() == ApiResponse.class && result.resolve() == BulkResult.class) {
                ResolvableType item = ResolvableType.forClassWithGenerics(BulkResult.Item.class, result.getGenerics());
                byItemSchema.put(ResponseRecords.schemaName(item), new Shapes(result.getGeneric(0).resolve(),
                        shapes(result.getGeneric(1).resolve())));
            }
        }
        return new BulkItems(byItemSchema, ResponseRecords.requestRecords(handlers));
    }

    private static List<Class<?>> shapes(Class<?> type) {
        return type.isSealed() ? List.of(type.getPermittedSubclasses()) : List.of(type);
    }

    void describe(Components components) {
        byItemSchema.forEach((name, shapes) -> {
            Schema<?> item = components.getSchemas().get(name);
            if (item == null) {
                throw new IllegalStateException("the document has no bulk item schema " + name);
            }
            String success = schemaOf(components, shapes.success());
            List<String> error = shapes.error().stream().map(shape -> schemaOf(components, shape)).toList();
            // only a list of request records can hold a null, which BulkResult.Item.missing() answers
            String missing = shapes.error().stream().anyMatch(requests::contains)
                    ? " (left out for an item sent as null)" : "";
            List<Schema> either = Stream.concat(Stream.of(success), error.stream()).distinct()
                    .<Schema>map(Schemas::ref).toList();
            item.getProperties().put("item", new JsonSchema().anyOf(either)
                    .description("Which shape depends on status: success, " + success + "; error, "
                            + String.join(" or ", error) + missing));
        });
    }

    /** The schema of a shape: a response record's own, or for a request record echoed back, its submitted copy. */
    private String schemaOf(Components components, Class<?> shape) {
        String name = ResponseRecords.schemaName(shape);
        if (requests.contains(shape)) {
            return submitted(components, name);
        }
        if (!components.getSchemas().containsKey(name)) {
            ModelConverters.getInstance(true).readAll(new AnnotatedType(shape))
                    .forEach(components.getSchemas()::putIfAbsent);
        }
        return name;
    }

    /**
     * A request schema as a refused item echoes it: it was refused for breaking the request's rules, so none of them
     * holds; every field is written, and may be null. Write-only fields are never written back.
     */
    private String submitted(Components components, String request) {
        String name = SUBMITTED + request;
        if (!components.getSchemas().containsKey(name)) {
            Map<String, Schema> written = new LinkedHashMap<>();
            Schema<?> sent = components.getSchemas().get(request);
            sent.getProperties().forEach((field, schema) -> {
                if (!Boolean.TRUE.equals(schema.getWriteOnly())) {
                    written.put(field, asSent(components, schema));
                }
            });
            components.addSchemas(name, Schemas.typedObject().properties(written)
                    .required(List.copyOf(new TreeSet<>(written.keySet())))
                    .description("The " + request + " of a refused item, as it was sent: any field may be null or "
                            + "break a rule of " + request + "."));
        }
        return name;
    }

    private Schema<?> asSent(Components components, Schema<?> field) {
        if (field.get$ref() != null) {
            String nested = submitted(components, field.get$ref().substring(Schemas.COMPONENTS.length()));
            return new JsonSchema().anyOf(List.<Schema>of(ref(nested), Schemas.jsonNull()));
        }
        Schema<Object> sent = new JsonSchema().types(field.getTypes()).format(field.getFormat());
        if (field.getItems() != null) {
            sent.setItems(asSent(components, field.getItems()));
        }
        Schemas.allowNull(sent);
        return sent;
    }
}
