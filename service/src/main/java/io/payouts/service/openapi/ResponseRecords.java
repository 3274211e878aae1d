package io.payouts.service.openapi;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.payouts.service.http.ApiList;
import io.payouts.service.http.ApiPage;
import io.payouts.service.http.ApiResponse;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.Schema;
import jakarta.validation.constraints.NotNull;
import org.springframework.core.ResolvableType;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

import java.lang.annotation.Annotation;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Says of the records the controllers answer with what springdoc cannot read from Java: a record always writes
 * every component, so all are required, and a reference-typed one may be null; a record written with
 * {@code NON_NULL} leaves a null component out instead, so only its primitives, id and status are required. Names
 * that are never null in any answer stay non-null, and so does a component marked {@code @NotNull}. Components
 * are read under the names Jackson writes them: {@code @JsonProperty}, and {@code @JsonUnwrapped} records inline.
 */
final class ResponseRecords {

    private static final Set<String> NEVER_NULL = Set.of("id", "status", "success", "meta", "data", "items",
            "results", "item", "requestId", "timestamp", "createdAt", "requestedAt", "driverId", "rail", "name",
            "svcDriverId", "kycStatus", "email", "phone", "currency", "type", "event", "token", "expiresAt", "user",
            "role", "url", "events", "secret", "direction", "attempts", "byStatus", "dailyProjection", "date",
            "transactionId", "message", "version", "payouts", "drivers", "attemptedAt");

    /** What a NON_NULL record writes even so, besides its primitives. */
    private static final Set<String> ALWAYS_WRITTEN = Set.of("id", "status");

    private static final Map<String, Class<?>> ENVELOPES = Map.of("ApiResponse", ApiResponse.class,
            "ApiList", ApiList.class, "ApiPage", ApiPage.class);

    private ResponseRecords() {
    }

    static void complete(OpenAPI openApi, Map<String, Class<?>> responseRecords) {
        openApi.getComponents().getSchemas().forEach((name, schema) -> recordOf(name, responseRecords)
                .ifPresent(record -> complete(schema, record)));
    }

    private static java.util.Optional<Class<?>> recordOf(String schemaName, Map<String, Class<?>> records) {
        if (records.containsKey(schemaName)) {
            return java.util.Optional.of(records.get(schemaName));
        }
        return ENVELOPES.entrySet().stream().filter(envelope -> schemaName.startsWith(envelope.getKey()))
                .<Class<?>>map(Map.Entry::getValue).findFirst();
    }

    private static void complete(Schema<?> schema, Class<?> record) {
        if (schema.getProperties() == null) {
            return;
        }
        JsonInclude include = record.getAnnotation(JsonInclude.class);
        boolean nullsLeftOut = include != null && include.value() == JsonInclude.Include.NON_NULL;
        List<String> required = new ArrayList<>();
        for (Map.Entry<String, RecordComponent> written : written(record).entrySet()) {
            String name = written.getKey();
            RecordComponent component = written.getValue();
            Schema<?> property = schema.getProperties().get(name);
            if (property == null) {
                continue;
            }
            boolean primitive = component.getType().isPrimitive();
            boolean neverNull = NEVER_NULL.contains(name) || annotated(component, NotNull.class);
            if (primitive || !nullsLeftOut || ALWAYS_WRITTEN.contains(name)) {
                required.add(name);
            }
            if (!primitive && !nullsLeftOut && !neverNull) {
                Schemas.allowNull(property);
            }
        }
        schema.setRequired(required);
    }

    /**
     * The properties a record writes, in order, by the name Jackson writes them under: a component's own name or its
     * {@code @JsonProperty}, or, for an {@code @JsonUnwrapped} one, the properties of the record it holds.
     */
    private static Map<String, RecordComponent> written(Class<?> record) {
        Map<String, RecordComponent> written = new LinkedHashMap<>();
        for (RecordComponent component : record.getRecordComponents()) {
            JsonUnwrapped unwrapped = component.getAccessor().getAnnotation(JsonUnwrapped.class);
            if (unwrapped != null && unwrapped.enabled() && component.getType().isRecord()) {
                written.putAll(written(component.getType()));
                continue;
            }
            JsonProperty renamed = component.getAccessor().getAnnotation(JsonProperty.class);
            written.put(renamed != null && !renamed.value().isEmpty() ? renamed.value() : component.getName(),
                    component);
        }
        return written;
    }

    private static boolean annotated(RecordComponent component, Class<? extends Annotation> annotation) {
        return component.getAccessor().isAnnotationPresent(annotation);
    }

    /**
     * The records the handlers answer with, by schema name: their return types and everything inside them, a
     * generic record also under the name of each of its uses.
     */
    static Map<String, Class<?>> of(RequestMappingHandlerMapping handlers) {
        Set<Class<?>> requests = new LinkedHashSet<>();
        Set<Class<?>> responses = new LinkedHashSet<>();
        walk(handlers, requests, responses);
        responses.removeAll(requests);
        Map<String, Class<?>> bySchemaName = new HashMap<>();
        responses.forEach(record -> bySchemaName.put(record.getSimpleName(), record));
        for (HandlerMethod handler : handlers.getHandlerMethods().values()) {
            nameGenericRecords(ResolvableType.forMethodReturnType(handler.getMethod()), bySchemaName);
        }
        return bySchemaName;
    }

    /** The request body records of the handlers, and everything inside them. */
    static Set<Class<?>> requestRecords(RequestMappingHandlerMapping handlers) {
        Set<Class<?>> requests = new LinkedHashSet<>();
        walk(handlers, requests, new LinkedHashSet<>());
        return requests;
    }

    /**
     * The name springdoc gives a type's schema: its class's simple name (or {@code @Schema(name)}), followed by the
     * names of its type arguments, so {@code BulkResult<StatusItem, IdItem>} is BulkResultStatusItemIdItem.
     */
    static String schemaName(ResolvableType type) {
        StringBuilder name = new StringBuilder(schemaName(type.resolve()));
        for (ResolvableType argument : type.getGenerics()) {
            name.append(schemaName(argument));
        }
        return name.toString();
    }

    static String schemaName(Class<?> type) {
        io.swagger.v3.oas.annotations.media.Schema named =
                type.getAnnotation(io.swagger.v3.oas.annotations.media.Schema.class);
        return named != null && !named.name().isEmpty() ? named.name() : type.getSimpleName();
    }

    /** Generic records under the names springdoc gives each of their uses, with its type arguments. */
    private static void nameGenericRecords(ResolvableType type, Map<String, Class<?>> bySchemaName) {
        Class<?> raw = type.resolve();
        for (ResolvableType generic : type.getGenerics()) {
            nameGenericRecords(generic, bySchemaName);
        }
        if (raw == null || !raw.isRecord() || !type.hasGenerics()
                || bySchemaName.putIfAbsent(schemaName(type), raw) != null) {
            return;
        }
        for (RecordComponent component : raw.getRecordComponents()) {
            nameGenericRecords(ResolvableType.forType(component.getGenericType(), type), bySchemaName);
        }
    }

    /**
     * The schema names that two records of the API share: springdoc names a schema after the simple class name
     * (or its {@code @Schema(name)}), so two such records would become one schema.
     */
    static List<String> sharedSchemaNames(RequestMappingHandlerMapping handlers) {
        Set<Class<?>> records = new LinkedHashSet<>();
        walk(handlers, records, records);
        Map<String, Class<?>> byName = new HashMap<>();
        List<String> shared = new ArrayList<>();
        for (Class<?> record : records) {
            String name = schemaName(record);
            Class<?> other = byName.putIfAbsent(name, record);
            if (other != null) {
                shared.add(name + ": " + other.getName() + " and " + record.getName());
            }
        }
        return shared;
    }

    private static void walk(RequestMappingHandlerMapping handlers, Set<Class<?>> requests, Set<Class<?>> responses) {
        for (HandlerMethod handler : handlers.getHandlerMethods().values()) {
            collect(ResolvableType.forMethodReturnType(handler.getMethod()), responses);
            Arrays.stream(handler.getMethodParameters())
                    .filter(parameter -> parameter.hasParameterAnnotation(RequestBody.class))
                    .forEach(parameter -> collect(ResolvableType.forMethodParameter(parameter), requests));
        }
    }

    /** A sealed interface, such as a bulk result's error shape, stands for the records it permits. */
    private static void collect(ResolvableType type, Set<Class<?>> records) {
        Class<?> raw = type.resolve();
        for (ResolvableType generic : type.getGenerics()) {
            collect(generic, records);
        }
        if (raw != null && raw.isSealed()) {
            Arrays.stream(raw.getPermittedSubclasses())
                    .forEach(shape -> collect(ResolvableType.forClass(shape), records));
        }
        if (raw == null || !raw.isRecord() || !records.add(raw)) {
            return;
        }
        for (RecordComponent component : raw.getRecordComponents()) {
            collect(ResolvableType.forType(component.getGenericType()), records);
        }
    }
}
