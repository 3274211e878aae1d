package io.payouts.service.fuzz;

import io.payouts.service.access.Role;

import java.util.function.BiFunction;
import java.util.function.Predicate;

/**
 * One column of the authorization matrix: a way of presenting (or failing to present) a credential. How it is
 * applied may depend on the operation (a key holding exactly its scope); {@code idMode} says whose resource ids the
 * path names, so a key of one mode can be pointed at the other mode's resources.
 */
record MatrixCredential(String name, Kind kind, String mode, Role role, String idMode,
                        Predicate<Operation> appliesTo, BiFunction<Operation, RawRequest, RawRequest> apply) {

    enum Kind {
        NONE,
        MALFORMED,
        SCOPED_KEY,
        KEY_WITHOUT_SCOPE,
        UNUSABLE_KEY,
        EXPIRED_KEY,
        CROSS_MODE_KEY,
        SESSION,
        CONSOLE,
        CONSOLE_WITHOUT_CSRF,
        CONSOLE_WITHOUT_MODE
    }

    RawRequest applyTo(Operation operation, RawRequest request) {
        return apply.apply(operation, request);
    }

    @Override
    public String toString() {
        return name;
    }
}
