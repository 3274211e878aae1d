package io.payouts.audit;

import io.payouts.shared.apikey.Scope;

import java.lang.reflect.RecordComponent;
import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The data of an event no webhook announces, read from the event record's components (ADR-0027): typed ids as their
 * strings, enums in the API's lowercase (scopes as the API spells them, {@code balance:read}), times in ISO 8601.
 * Components that are not for clients are left out: the mode (the event's own field says it), a key's hash and last
 * four characters, and a bank account's full number or IBAN (its {@code last4} is shown, as the bank-account endpoint
 * shows it). The sandbox's forced failure is not a component: it travels in the metadata.
 */
final class EventData {

    private static final Set<String> HIDDEN = Set.of("mode", "keyHash", "lastFour", "walletId", "accountNumber",
            "iban");

    private EventData() {
    }

    static Map<String, Object> of(Object event) {
        if (!event.getClass().isRecord()) {
            return Map.of();
        }
        Map<String, Object> data = new LinkedHashMap<>();
        for (RecordComponent component : event.getClass().getRecordComponents()) {
            if (!HIDDEN.contains(component.getName())) {
                data.put(component.getName(), value(read(component, event)));
            }
        }
        return data;
    }

    /** Every typed id ({@code pay_…}, {@code drv_…}, …) the event names, nested lists included. */
    static void idsIn(Object event, Consumer<String> ids) {
        if (event == null) {
            return;
        }
        if (isTypedId(event)) {
            ids.accept((String) read(event.getClass().getRecordComponents()[0], event));
        } else if (event instanceof Collection<?> items) {
            items.forEach(item -> idsIn(item, ids));
        } else if (event.getClass().isRecord()) {
            for (RecordComponent component : event.getClass().getRecordComponents()) {
                idsIn(read(component, event), ids);
            }
        }
    }

    private static Object value(Object value) {
        if (value == null || value instanceof String || value instanceof Number || value instanceof Boolean) {
            return value;
        }
        if (value instanceof Instant instant) {
            return instant.toString();
        }
        if (value instanceof Scope scope) {
            return scope.apiName();
        }
        if (value instanceof Enum<?> constant) {
            return constant.name().toLowerCase(Locale.ROOT);
        }
        if (isTypedId(value)) {
            return read(value.getClass().getRecordComponents()[0], value);
        }
        if (value instanceof Collection<?> items) {
            List<Object> list = items.stream().map(EventData::value).toList();
            return value instanceof Set<?> ? list.stream().sorted((a, b) -> String.valueOf(a)
                    .compareTo(String.valueOf(b))).toList() : list;
        }
        if (value.getClass().isRecord()) {
            return of(value);
        }
        return value.toString();
    }

    /** A record around one string, as every id of shared-api is ({@code PayoutId("pay_…")}). */
    private static boolean isTypedId(Object value) {
        if (!value.getClass().isRecord() || !value.getClass().getSimpleName().endsWith("Id")) {
            return false;
        }
        RecordComponent[] components = value.getClass().getRecordComponents();
        return components.length == 1 && components[0].getType() == String.class;
    }

    private static Object read(RecordComponent component, Object owner) {
        try {
            component.getAccessor().setAccessible(true);
            return component.getAccessor().invoke(owner);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read " + component.getName() + " of " + owner.getClass(), e);
        }
    }
}
