package io.payouts.query.bankaccount;

import io.payouts.query.consistency.StreamFold;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.BankAccountNotFoundException;
import io.payouts.shared.driver.BankAccountType;
import io.payouts.shared.driver.DriverBankAccountRemovedEvent;
import io.payouts.shared.driver.DriverBankAccountSetEvent;
import io.payouts.shared.driver.DriverBankAccountView;
import io.payouts.shared.driver.DriverDeactivatedEvent;
import io.payouts.shared.driver.DriverEvent;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DriverKycRejectedEvent;
import io.payouts.shared.driver.DriverKycVerifiedEvent;
import io.payouts.shared.driver.DriverProfileUpdatedEvent;
import io.payouts.shared.driver.DriverRegisteredEvent;

import java.time.Instant;

import static io.payouts.platform.tables.ErasesPersonalData.ERASED;

/**
 * A driver's bank account as {@code driver_bank_account_view} holds it, masked, and the rules that fold the driver's
 * stream into it: the projection and a read from the stored events ({@link BankAccountHistory}) both use
 * {@link #FOLD}. One row per driver, from the registration on, so a driver without an account is told from one that
 * does not exist. {@code version} is the last sequence number of the driver's stream applied. The full number is
 * never here: the events carry it encrypted, and this keeps {@code last4}.
 */
record BankAccountRow(String driverId, Mode mode, State state, String holderName, String country,
                      BankAccountType accountType, String routingNumber, String bic, String last4,
                      Instant updatedAt, long version) {

    enum State {
        /** Never had one. */
        NONE,
        ON_FILE,
        REMOVED,
        /** Erased with the driver's personal data (ADR-0026): nothing but the state is kept. */
        ERASED
    }

    /**
     * How a driver's stream folds into its account: the registration makes a row without one, setting and removing
     * change it, and the driver's other events only count, so the row stays current with the driver's newest event.
     */
    static final StreamFold<BankAccountRow> FOLD = StreamFold.of(DriverEvent.class, BankAccountRow::version)
            .starts(DriverRegisteredEvent.class, BankAccountRow::registered)
            .evolves(DriverBankAccountSetEvent.class, (row, set, sequence) -> set(set, sequence))
            .evolves(DriverBankAccountRemovedEvent.class, (row, removed, sequence) -> row.removed(removed, sequence))
            .evolves(DriverProfileUpdatedEvent.class, (row, updated, sequence) -> row.counted(sequence))
            .evolves(DriverKycVerifiedEvent.class, (row, verified, sequence) -> row.counted(sequence))
            .evolves(DriverKycRejectedEvent.class, (row, rejected, sequence) -> row.counted(sequence))
            .evolves(DriverDeactivatedEvent.class, (row, deactivated, sequence) -> row.counted(sequence))
            .build();

    static BankAccountRow registered(DriverRegisteredEvent event, long sequence) {
        return new BankAccountRow(event.driverId().value(), event.mode(), State.NONE, null, null, null, null, null,
                null, event.registeredAt(), sequence);
    }

    static BankAccountRow set(DriverBankAccountSetEvent event, long sequence) {
        // an erased driver's fields read as erased (ADR-0026): nothing of the account is kept, on a rebuild too
        if (ERASED.equals(event.holderName()) || ERASED.equals(event.accountNumber()) || ERASED.equals(event.iban())) {
            return new BankAccountRow(event.driverId().value(), event.mode(), State.ERASED, null, null, null, null,
                    null, null, event.setAt(), sequence);
        }
        return new BankAccountRow(event.driverId().value(), event.mode(), State.ON_FILE, event.holderName(),
                event.country(), event.accountType(), event.routingNumber(), event.bic(), event.last4(),
                event.setAt(), sequence);
    }

    /** This account after one later event of the driver's stream; one it has already applied changes nothing. */
    BankAccountRow evolve(Object event, long sequence) {
        return FOLD.evolve(this, event, sequence);
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

    private BankAccountRow removed(DriverBankAccountRemovedEvent event, long sequence) {
        return new BankAccountRow(driverId, mode, State.REMOVED, null, null, null, null, null, null,
                event.removedAt(), sequence);
    }

    /** The row as it is, at a later version. */
    private BankAccountRow counted(long sequence) {
        return new BankAccountRow(driverId, mode, state, holderName, country, accountType, routingNumber, bic, last4,
                updatedAt, sequence);
    }
}
