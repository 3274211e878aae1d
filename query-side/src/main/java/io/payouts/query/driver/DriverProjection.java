package io.payouts.query.driver;

import io.payouts.query.consistency.StreamRowsProjection;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverEvent;
import io.payouts.shared.eventhandling.ProcessingGroups;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.springframework.stereotype.Component;

import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Keeps {@code driver_view} in step with the drivers' streams, a processor batch at a time (ADR-0018), the rows folded
 * by {@link DriverRow}'s rules.
 */
@Component
@ProcessingGroup(ProcessingGroups.DRIVER_PROJECTION)
public class DriverProjection extends StreamRowsProjection<DriverRow> {

    private final DriverRows rows;

    DriverProjection(DriverRows rows) {
        super(DriverRow.FOLD);
        this.rows = rows;
    }

    @EventHandler
    void on(DriverEvent event, @SequenceNumber long sequence) {
        collect(event.driverId().value(), event, sequence);
    }

    @Override
    protected Map<String, DriverRow> load(Collection<String> driverIds) {
        return rows.byIds(driverIds);
    }

    @Override
    protected void write(Map<String, DriverRow> before, List<DriverRow> changed) {
        rows.upsert(before, changed);
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
