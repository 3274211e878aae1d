package io.payouts.query.consistency;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToLongFunction;

/**
 * The rules that fold one aggregate's stream into its read-model row: which events start the row and what each later
 * event makes of it, one rule for every member of the stream's sealed event family. {@link Rules#build} refuses rules
 * that miss a member, so an event added to a family cannot be skipped by a read model unnoticed. A projection
 * ({@link StreamRowsProjection}) and a read from the stored events ({@link StoredStreams}) fold by the same rules.
 *
 * @param <R> the row; {@code version} is the sequence number of the last event it applied
 */
public final class StreamFold<R> {

    /** A row made by a stream's first event. */
    @FunctionalInterface
    public interface Start<T, R> {
        R from(T event, long sequence);
    }

    /** A row after one later event, which it has not applied yet; the new row's version is {@code sequence}. */
    @FunctionalInterface
    public interface Step<T, R> {
        R evolve(R row, T event, long sequence);
    }

    private final Class<?> family;
    private final ToLongFunction<R> version;
    private final Map<Class<?>, Start<Object, R>> starts;
    private final Map<Class<?>, Step<Object, R>> steps;

    private StreamFold(Rules<?, R> rules) {
        this.family = rules.family;
        this.version = rules.version;
        this.starts = Map.copyOf(rules.starts);
        this.steps = Map.copyOf(rules.steps);
    }

    /** Rules for the streams whose events are the members of the sealed {@code family}. */
    public static <E, R> Rules<E, R> of(Class<E> family, ToLongFunction<R> version) {
        if (!family.isSealed()) {
            throw new IllegalArgumentException(family.getName() + " is not a sealed event family");
        }
        return new Rules<>(family, version);
    }

    /** The row a stream's first event starts; empty for an event that starts none. */
    public Optional<R> start(Object event, long sequence) {
        Start<Object, R> rule = starts.get(event.getClass());
        return rule == null ? Optional.empty() : Optional.of(rule.from(event, sequence));
    }

    /**
     * The row after one later event of its stream. An event at or below the row's version is one it has applied (a
     * redelivery, a replay): the row is returned as it is, as it is for an event that starts a row.
     */
    public R evolve(R row, Object event, long sequence) {
        Step<Object, R> rule = steps.get(event.getClass());
        if (rule == null && !starts.containsKey(event.getClass())) {
            throw new IllegalArgumentException(event.getClass().getName() + " is not a " + family.getSimpleName());
        }
        return rule == null || sequence <= version.applyAsLong(row) ? row : rule.evolve(row, event, sequence);
    }

    /** The rules as they are written, one member of the family at a time. */
    public static final class Rules<E, R> {

        private final Class<E> family;
        private final ToLongFunction<R> version;
        private final Map<Class<?>, Start<Object, R>> starts = new HashMap<>();
        private final Map<Class<?>, Step<Object, R>> steps = new HashMap<>();

        private Rules(Class<E> family, ToLongFunction<R> version) {
            this.family = family;
            this.version = version;
        }

        @SuppressWarnings("unchecked")
        public <T extends E> Rules<E, R> starts(Class<T> member, Start<? super T, R> rule) {
            once(member);
            starts.put(member, (Start<Object, R>) rule);
            return this;
        }

        @SuppressWarnings("unchecked")
        public <T extends E> Rules<E, R> evolves(Class<T> member, Step<? super T, R> rule) {
            once(member);
            steps.put(member, (Step<Object, R>) rule);
            return this;
        }

        /** @throws IllegalStateException when a member of the family has no rule, or nothing starts a row */
        public StreamFold<R> build() {
            List<String> missing = Arrays.stream(family.getPermittedSubclasses())
                    .filter(member -> !starts.containsKey(member) && !steps.containsKey(member))
                    .map(Class::getSimpleName).toList();
            if (!missing.isEmpty() || starts.isEmpty()) {
                throw new IllegalStateException("the fold of " + family.getSimpleName() + " has no rule for "
                        + (starts.isEmpty() ? "the start of a stream" : String.join(", ", missing)));
            }
            return new StreamFold<>(this);
        }

        private void once(Class<?> member) {
            if (starts.containsKey(member) || steps.containsKey(member)) {
                throw new IllegalStateException(member.getSimpleName() + " has a rule already");
            }
        }
    }
}
