package io.payouts.query.consistency;

import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A read model of one row per aggregate stream, kept a processor batch at a time (ADR-0018): one query loads the rows
 * the batch's events touch, the events fold into them in order by the stream's {@link StreamFold}, and each changed
 * row is written once. Idempotent: a row applies an event only above its version. A subclass subscribes to its
 * stream's event family with one handler that collects each event under its aggregate's id.
 *
 * @param <R> the row, a value (equal rows are the same row)
 */
public abstract class StreamRowsProjection<R> extends SandboxRowsProjection {

    private final StreamFold<R> fold;

    protected StreamRowsProjection(StreamFold<R> fold) {
        this.fold = fold;
    }

    @Override
    protected final void apply(List<Collected> events) {
        Set<String> ids = new LinkedHashSet<>();
        events.forEach(event -> ids.add(event.aggregateId()));
        Map<String, R> before = load(ids);
        Map<String, R> current = new HashMap<>(before);
        for (Collected event : events) {
            R row = current.get(event.aggregateId());
            current.put(event.aggregateId(), row != null ? fold.evolve(row, event.event(), event.sequence())
                    : fold.start(event.event(), event.sequence()).orElseThrow(() -> new IllegalStateException(
                    event.aggregateId() + " changed before its stream started: "
                            + event.event().getClass().getSimpleName())));
        }
        List<R> changed = current.entrySet().stream()
                .filter(row -> !row.getValue().equals(before.get(row.getKey())))
                .map(Map.Entry::getValue).toList();
        write(before, changed);
    }

    /** The stored rows of these aggregates, by id; one without a row is absent. */
    protected abstract Map<String, R> load(Collection<String> aggregateIds);

    /** Writes the rows the batch changed, each once; {@code before} holds them as {@link #load} found them. */
    protected abstract void write(Map<String, R> before, List<R> changed);
}
