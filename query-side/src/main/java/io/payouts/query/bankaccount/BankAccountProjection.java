package io.payouts.query.bankaccount;

import io.payouts.query.consistency.SandboxRowsProjection;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverBankAccountRemovedEvent;
import io.payouts.shared.driver.DriverBankAccountSetEvent;
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
 * Keeps {@code driver_bank_account_view} in step with the drivers' bank-account events, a processor batch at a time
 * (ADR-0018), in a table of its own beside {@code driver_view}. Idempotent: a row applies an event only above its
 * version. It sees the holder's name and number decrypted, and keeps the name and the last four digits only.
 */
@Component
@ProcessingGroup(BankAccountProjection.PROCESSING_GROUP)
public class BankAccountProjection extends SandboxRowsProjection {

    public static final String PROCESSING_GROUP = "driver-bank-account-projection";

    private final BankAccountRows rows;

    BankAccountProjection(BankAccountRows rows) {
        this.rows = rows;
    }

    @EventHandler
    void on(DriverBankAccountSetEvent event, @SequenceNumber long sequence) {
        collect(event.driverId().value(), event, sequence);
    }

    @EventHandler
    void on(DriverBankAccountRemovedEvent event, @SequenceNumber long sequence) {
        collect(event.driverId().value(), event, sequence);
    }

    @Override
    protected void apply(List<Collected> events) {
        Set<String> ids = new LinkedHashSet<>();
        events.forEach(event -> ids.add(event.aggregateId()));
        Map<String, BankAccountRow> before = rows.byIds(ids);
        Map<String, BankAccountRow> current = new HashMap<>(before);
        for (Collected event : events) {
            BankAccountRow row = current.get(event.aggregateId());
            if (row != null) {
                current.put(event.aggregateId(), row.evolve(event.event(), event.sequence()));
            } else if (event.event() instanceof DriverBankAccountSetEvent set) {
                current.put(event.aggregateId(), BankAccountRow.set(set, event.sequence()));
            } else {
                throw new IllegalStateException("the bank account of driver " + event.aggregateId()
                        + " was removed before it was set");
            }
        }
        rows.upsert(current.values().stream().filter(row -> !row.equals(before.get(row.driverId()))).toList());
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
