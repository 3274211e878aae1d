package io.payouts.query.apikey;

import io.payouts.shared.apikey.Scope;
import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Collectors;

/** Stores a key's scopes as a comma-separated list of their enum names, in declaration order. */
@Converter
class ScopesConverter implements AttributeConverter<Set<Scope>, String> {

    @Override
    public String convertToDatabaseColumn(Set<Scope> scopes) {
        return scopes.stream().sorted().map(Scope::name).collect(Collectors.joining(","));
    }

    @Override
    public Set<Scope> convertToEntityAttribute(String column) {
        Set<Scope> scopes = EnumSet.noneOf(Scope.class);
        if (column != null && !column.isBlank()) {
            Arrays.stream(column.split(",")).map(Scope::valueOf).forEach(scopes::add);
        }
        return scopes;
    }
}
