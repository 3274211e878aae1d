package io.payouts.audit;

import io.payouts.shared.ForbiddenException;
import io.payouts.shared.InvalidFieldException;
import io.payouts.shared.apikey.Scope;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Which public event types a caller may read (ADR-0027): those of the resources whose read scope it holds, as the
 * resources' own read endpoints would let it. A {@code type} filter narrows them; a type it may not read is a 403
 * naming the scope, an unknown one a 400 listing the known.
 */
final class ReadableTypes {

    private ReadableTypes() {
    }

    static Set<String> of(Set<Scope> scopes, String typeFilter) {
        Set<String> readable = EventCatalogue.ORDERED_TYPES.stream()
                .filter(type -> EventCatalogue.kindOfType(type).flatMap(ResourceKind::readScope)
                        .filter(scopes::contains).isPresent())
                .collect(Collectors.toCollection(LinkedHashSet::new));
        if (typeFilter == null) {
            if (readable.isEmpty()) {
                throw new ForbiddenException("reading events needs drivers:read, payouts:read, batches:read or "
                        + "balance:read");
            }
            return readable;
        }
        Set<String> asked = new LinkedHashSet<>(Arrays.asList(typeFilter.split(",", -1)));
        for (String type : asked) {
            ResourceKind kind = EventCatalogue.kindOfType(type).filter(found -> found.readScope().isPresent())
                    .orElseThrow(() -> new InvalidFieldException("type", "must be one or more (comma-separated) of "
                            + String.join(", ", publicTypes())));
            if (!readable.contains(type)) {
                throw new ForbiddenException("this API key lacks the scope " + kind.readScope().orElseThrow().apiName()
                        + " to read " + type + " events");
            }
        }
        return asked;
    }

    /** The types an API key may ever read: every type but the API keys' own. */
    static Set<String> publicTypes() {
        return EventCatalogue.ORDERED_TYPES.stream()
                .filter(type -> EventCatalogue.kindOfType(type).flatMap(ResourceKind::readScope).isPresent())
                .collect(Collectors.toCollection(LinkedHashSet::new));
    }
}
