package io.payouts.query.driver;

import io.payouts.query.consistency.SandboxRowsProjection;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverEvent;
import io.payouts.shared.driver.DriverRegisteredEvent;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.springframework.stereotype.Component;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Keeps {@code driver_view} in step with the drivers' streams, a processor batch at a time (ADR-0018): one query loads
 * the rows, the events fold in by {@link DriverRow}'s rules, one batched statement writes what changed. Idempotent: a
 * row applies an event only above its version.
 */
@Component
@ProcessingGroup(DriverProjection.PROCESSING_GROUP)
public class DriverProjection extends SandboxRowsProjection {

    public static final String PROCESSING_GROUP = "driver-projection";

    private final DriverRows rows;

    DriverProjection(DriverRows rows) {
        this.rows = rows;
    }

    @EventHandler
    void on(DriverEvent event, @SequenceNumber long sequence) {
        collect(event.driverId().value(), event, sequence);
    }

    @Override
    protected void apply(List<Collected> events) {
        Set<String> ids = new LinkedHashSet<>();
        events.forEach(event -> ids.add(event.aggregateId()));
        Map<String, DriverRow> before = rows.byIds(ids);
        Map<String, DriverRow> current = new HashMap<>(before);
        for (Collected event : events) {
            DriverRow row = current.get(event.aggregateId());
            if (row != null) {
                current.put(event.aggregateId(), row.evolve(event.event(), event.sequence()));
            } else if (event.event() instanceof DriverRegisteredEvent registered) {
                current.put(event.aggregateId(), DriverRow.registered(registered, event.sequence()));
            } else {
                throw new IllegalStateException("driver " + event.aggregateId() + " changed before it was registered");
            }
        }
        rows.upsert(current.values().stream().filter(row -> !row.equals(before.get(row.id()))).toList());
    }

    @Override
    protected void forgetSandbox() {
        rows.deleteMode(Mode.SANDBOX);
    }

    @ResetHandler
    void onReset() {
        rows.deleteAll();
    }
}
