package io.payouts.command;

import io.payouts.shared.DomainException;
import org.axonframework.modelling.command.Aggregate;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.axonframework.modelling.command.Repository;

import java.util.function.Function;

/** Loading an aggregate that a command names: one that does not exist is the caller's not-found refusal. */
public final class Repositories {

    private Repositories() {
    }

    public static <T> Aggregate<T> loadOrRefuse(Repository<T> repository, String id,
                                                Function<String, ? extends DomainException> notFound) {
        try {
            return repository.load(id);
        } catch (AggregateNotFoundException unknown) {
            throw notFound.apply(id);
        }
    }
}
