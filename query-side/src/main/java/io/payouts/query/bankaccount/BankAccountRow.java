package io.payouts.query.bankaccount;

import io.payouts.shared.Mode;
import io.payouts.shared.driver.BankAccountNotFoundException;
import io.payouts.shared.driver.BankAccountType;
import io.payouts.shared.driver.DriverBankAccountRemovedEvent;
import io.payouts.shared.driver.DriverBankAccountSetEvent;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DriverBankAccountView;

import java.time.Instant;

import static io.payouts.shared.driver.ErasedPersonalData.isErased;

/**
 * A driver's bank account as {@code driver_bank_account_view} holds it, masked, and the rules that fold the driver's
 * stream into it: the projection and a read from the stored events ({@link BankAccountHistory}) both use
 * {@link #none} or {@link #set} and {@link #evolve}. {@code version} is the last sequence number of the driver's
 * stream applied. The full number is never here: the events carry it encrypted, and this keeps {@code last4}.
 */
record BankAccountRow(String driverId, Mode mode, State state, String holderName, String country,
                      BankAccountType accountType, String routingNumber, String bic, String last4,
                      Instant updatedAt, long version) {

    enum State {
        /** Never had one: only in a fold of the stream, never a row. */
        NONE,
        ON_FILE,
        REMOVED,
        ERASED
    }

    /** A registered driver without an account, for a fold that starts at the registration. */
    static BankAccountRow none(String driverId, Mode mode, Instant registeredAt, long sequence) {
        return new BankAccountRow(driverId, mode, State.NONE, null, null, null, null, null, null, registeredAt,
                sequence);
    }

    static BankAccountRow set(DriverBankAccountSetEvent event, long sequence) {
        // an erased driver's fields read as erased (ADR-0026): nothing of the account is kept, on a rebuild too
        if (isErased(event.holderName()) || isErased(event.accountNumber()) || isErased(event.iban())) {
            return new BankAccountRow(event.driverId().value(), event.mode(), State.ERASED, null, null, null, null,
                    null, null, event.setAt(), sequence);
        }
        return new BankAccountRow(event.driverId().value(), event.mode(), State.ON_FILE, event.holderName(),
                event.country(), event.accountType(), event.routingNumber(), event.bic(), event.last4(),
                event.setAt(), sequence);
    }

    /** This account after one later event of the driver's stream; one already applied, or another kind, only counts. */
    BankAccountRow evolve(Object event, long sequence) {
        if (sequence <= version) {
            return this;
        }
        if (event instanceof DriverBankAccountSetEvent setEvent) {
            return set(setEvent, sequence);
        }
        if (event instanceof DriverBankAccountRemovedEvent removed) {
            return new BankAccountRow(driverId, mode, State.REMOVED, null, null, null, null, null, null,
                    removed.removedAt(), sequence);
        }
        return new BankAccountRow(driverId, mode, state, holderName, country, accountType, routingNumber, bic, last4,
                updatedAt, sequence);
    }

    /** The masked account; a driver without one on file has none to show. */
    DriverBankAccountView toView() {
        return switch (state) {
            case ON_FILE -> new DriverBankAccountView(new DriverId(driverId), holderName, country, accountType,
                    routingNumber, bic, last4, updatedAt);
            case ERASED -> throw new BankAccountNotFoundException(driverId,
                    "it was erased with the driver's personal data");
            case NONE, REMOVED -> throw new BankAccountNotFoundException(driverId);
        };
    }
}
