package io.payouts.service.apikey;

import io.payouts.shared.InvalidFieldException;
import io.payouts.shared.apikey.InvalidScopesException;
import io.payouts.shared.apikey.Scope;

import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/** Reads the scope names of a key request: all must be known (else INVALID_SCOPES), at least one given. */
final class Scopes {

    private Scopes() {
    }

    static Set<Scope> parse(List<String> names) {
        if (names.isEmpty()) {
            throw new InvalidFieldException("scopes", "must name at least one scope");
        }
        List<String> unknown = names.stream()
                .filter(name -> name == null || Scope.fromApiName(name).isEmpty())
                .map(name -> Objects.toString(name, "null"))
                .toList();
        if (!unknown.isEmpty()) {
            throw new InvalidScopesException(unknown);
        }
        Set<Scope> scopes = EnumSet.noneOf(Scope.class);
        names.stream().map(Scope::fromApiName).map(Optional::orElseThrow).forEach(scopes::add);
        return scopes;
    }
}
