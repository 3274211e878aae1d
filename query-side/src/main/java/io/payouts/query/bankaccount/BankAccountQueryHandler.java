package io.payouts.query.bankaccount;

import io.payouts.query.consistency.StreamHeads;
import io.payouts.shared.driver.DriverBankAccountView;
import io.payouts.shared.driver.DriverNotFoundException;
import io.payouts.shared.driver.FindDriverBankAccountQuery;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.stereotype.Component;

import java.util.Optional;

@Component
class BankAccountQueryHandler {

    private final BankAccountRows rows;
    private final BankAccountHistory history;
    private final StreamHeads heads;

    BankAccountQueryHandler(BankAccountRows rows, BankAccountHistory history, StreamHeads heads) {
        this.rows = rows;
        this.history = history;
        this.heads = heads;
    }

    /**
     * The account as the read model shows it when its row has applied the driver's newest stored event (both read in
     * one query); otherwise (the projection is behind a write, or parked the driver's event) as the driver's stored
     * events make it (ADR-0018). A driver of another mode is not found; one without an account on file has none to
     * show.
     */
    @QueryHandler
    DriverBankAccountView handle(FindDriverBankAccountQuery query) {
        String id = query.driverId().value();
        Optional<BankAccountRows.Found> found = rows.find(id, query.mode());
        if (found.isPresent() && heads.current(id, found.get().row().version(), found.get().head())) {
            return found.get().row().toView();
        }
        return history.fold(id)
                .filter(account -> account.mode() == query.mode())
                .orElseThrow(() -> new DriverNotFoundException(id))
                .toView();
    }
}
