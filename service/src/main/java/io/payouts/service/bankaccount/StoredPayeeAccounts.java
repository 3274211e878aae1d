package io.payouts.service.bankaccount;

import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverBankAccountRemovedEvent;
import io.payouts.shared.driver.DriverBankAccountSetEvent;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DriverRegisteredEvent;
import io.payouts.shared.driver.PayeeAccount;
import io.payouts.shared.driver.PayeeAccounts;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.stereotype.Component;

import java.util.Optional;

import static io.payouts.platform.tables.ErasesPersonalData.ERASED;

/**
 * The account a rail pays a driver to, read from the driver's own stored events, the only place it is kept in full:
 * the event serializer opens the holder's name and number with the driver's personal-data key (ADR-0026), so nothing
 * here sees a key, and once the key is destroyed they read as erased and there is no account to pay to. One read of
 * a short stream per driver, on either event store; the number is held only for the caller.
 */
@Component
class StoredPayeeAccounts implements PayeeAccounts {

    private final EventStore eventStore;

    StoredPayeeAccounts(EventStore eventStore) {
        this.eventStore = eventStore;
    }

    @Override
    public Optional<PayeeAccount> find(DriverId driverId, Mode mode) {
        DomainEventStream stream = eventStore.readEvents(driverId.value(), 0);
        Mode driverMode = null;
        DriverBankAccountSetEvent current = null;
        while (stream.hasNext()) {
            DomainEventMessage<?> event = stream.next();
            Object payload = event.getPayload();
            if (payload instanceof DriverRegisteredEvent registered) {
                driverMode = registered.mode();
            } else if (payload instanceof DriverBankAccountSetEvent set) {
                current = set;
            } else if (payload instanceof DriverBankAccountRemovedEvent) {
                current = null;
            }
        }
        if (driverMode != mode || current == null || ERASED.equals(current.holderName())
                || ERASED.equals(current.accountNumber()) || ERASED.equals(current.iban())) {
            return Optional.empty();
        }
        return Optional.of(new PayeeAccount(current.holderName(), current.country(), current.routingNumber(),
                current.accountNumber(), current.accountType(), current.iban(), current.bic()));
    }
}
