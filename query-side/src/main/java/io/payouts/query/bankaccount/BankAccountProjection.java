package io.payouts.query.bankaccount;

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
 * Keeps {@code driver_bank_account_view} in step with the drivers' streams, a processor batch at a time (ADR-0018),
 * in a table of its own beside {@code driver_view}, the rows folded by {@link BankAccountRow}'s rules. It sees the
 * holder's name and number decrypted, and keeps the name and the last four digits only.
 */
@Component
@ProcessingGroup(ProcessingGroups.DRIVER_BANK_ACCOUNT_PROJECTION)
public class BankAccountProjection extends StreamRowsProjection<BankAccountRow> {

    private final BankAccountRows rows;

    BankAccountProjection(BankAccountRows rows) {
        super(BankAccountRow.FOLD);
        this.rows = rows;
    }

    @EventHandler
    void on(DriverEvent event, @SequenceNumber long sequence) {
        collect(event.driverId().value(), event, sequence);
    }

    @Override
    protected Map<String, BankAccountRow> load(Collection<String> driverIds) {
        return rows.byIds(driverIds);
    }

    @Override
    protected void write(Map<String, BankAccountRow> before, List<BankAccountRow> changed) {
        rows.upsert(changed);
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
