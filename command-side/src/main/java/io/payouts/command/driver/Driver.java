package io.payouts.command.driver;

import io.payouts.shared.InvalidStateException;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.BankAccountNotFoundException;
import io.payouts.shared.driver.DeactivateDriverCommand;
import io.payouts.shared.driver.DriverBankAccountRemovedEvent;
import io.payouts.shared.driver.DriverBankAccountSetEvent;
import io.payouts.shared.driver.DriverDeactivatedEvent;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DriverKycRejectedEvent;
import io.payouts.shared.driver.DriverKycVerifiedEvent;
import io.payouts.shared.driver.DriverNotFoundException;
import io.payouts.shared.driver.DriverProfile;
import io.payouts.shared.driver.DriverProfileUpdatedEvent;
import io.payouts.shared.driver.DriverRegisteredEvent;
import io.payouts.shared.driver.DriverStatus;
import io.payouts.shared.driver.KycOutcome;
import io.payouts.shared.driver.KycStatus;
import io.payouts.shared.driver.RecordKycOutcomeCommand;
import io.payouts.shared.driver.RegisterDriverCommand;
import io.payouts.shared.driver.RemoveDriverBankAccountCommand;
import io.payouts.shared.driver.SetDriverBankAccountCommand;
import io.payouts.shared.driver.UpdateDriverProfileCommand;
import io.payouts.shared.driver.VerifyPendingKycCommand;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.spring.stereotype.Aggregate;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

/**
 * A driver a fleet pays. Registration goes through {@link DriverRegistration}, which first claims the external
 * id; every later command must come from the driver's own mode, or the driver does not exist for it.
 */
@Aggregate
public class Driver {

    @AggregateIdentifier
    private DriverId driverId;
    private Mode mode;
    private DriverStatus status;
    private KycStatus kycStatus;
    private String name;
    private String email;
    private String phone;
    private boolean bankAccountOnFile;

    protected Driver() {
        // for Axon's event sourcing
    }

    Driver(RegisterDriverCommand command) {
        DriverProfile profile = command.profile();
        apply(new DriverRegisteredEvent(command.driverId(), command.mode(), command.svcDriverId(), profile.name(),
                profile.email().value(), profile.phone().value(), command.registeredAt()));
        if (command.bankAccount() != null) {
            apply(DriverBankAccountSetEvent.of(command.driverId(), command.mode(), command.bankAccount(),
                    command.registeredAt()));
        }
    }

    @CommandHandler
    void handle(UpdateDriverProfileCommand command) {
        requireSameMode(command.mode());
        requireNotInactive("updated");
        DriverProfile profile = command.profile();
        boolean unchanged = profile.name().equals(name) && profile.email().value().equals(email)
                && profile.phone().value().equals(phone);
        if (!unchanged) {
            apply(new DriverProfileUpdatedEvent(driverId, mode, profile.name(), profile.email().value(),
                    profile.phone().value(), command.updatedAt()));
        }
    }

    @CommandHandler
    void handle(DeactivateDriverCommand command) {
        requireSameMode(command.mode());
        requireNotInactive("deactivated again");
        apply(new DriverDeactivatedEvent(driverId, mode, command.deactivatedAt()));
    }

    @CommandHandler
    void handle(RecordKycOutcomeCommand command) {
        requireSameMode(command.mode());
        requireNotInactive("given a KYC outcome");
        if (kycStatus == KycStatus.VERIFIED) {
            throw new InvalidStateException("driver " + driverId + " is already KYC-verified");
        }
        if (command.outcome() == KycOutcome.VERIFIED) {
            apply(new DriverKycVerifiedEvent(driverId, mode, command.decidedAt()));
        } else {
            apply(new DriverKycRejectedEvent(driverId, mode, command.reason(), command.decidedAt()));
        }
    }

    @CommandHandler
    void handle(VerifyPendingKycCommand command) {
        requireSameMode(command.mode());
        if (kycStatus == KycStatus.PENDING && status != DriverStatus.INACTIVE) {
            apply(new DriverKycVerifiedEvent(driverId, mode, command.decidedAt()));
        }
    }

    @CommandHandler
    void handle(SetDriverBankAccountCommand command) {
        requireSameMode(command.mode());
        requireNotInactive("given a bank account");
        apply(DriverBankAccountSetEvent.of(driverId, mode, command.account(), command.setAt()));
    }

    /** Allowed for an inactive driver too: taking personal data off file is never refused for the driver's state. */
    @CommandHandler
    void handle(RemoveDriverBankAccountCommand command) {
        requireSameMode(command.mode());
        if (!bankAccountOnFile) {
            throw new BankAccountNotFoundException(driverId.value());
        }
        apply(new DriverBankAccountRemovedEvent(driverId, mode, command.removedAt()));
    }

    private void requireSameMode(Mode commandMode) {
        if (commandMode != mode) {
            throw new DriverNotFoundException(driverId.value());
        }
    }

    private void requireNotInactive(String what) {
        if (status == DriverStatus.INACTIVE) {
            throw new InvalidStateException("driver " + driverId + " is inactive and cannot be " + what);
        }
    }

    @EventSourcingHandler
    void on(DriverRegisteredEvent event) {
        driverId = event.driverId();
        mode = event.mode();
        status = DriverStatus.INVITED;
        kycStatus = KycStatus.PENDING;
        name = event.name();
        email = event.email();
        phone = event.phone();
    }

    @EventSourcingHandler
    void on(DriverProfileUpdatedEvent event) {
        name = event.name();
        email = event.email();
        phone = event.phone();
    }

    @EventSourcingHandler
    void on(DriverDeactivatedEvent event) {
        status = DriverStatus.INACTIVE;
    }

    @EventSourcingHandler
    void on(DriverKycVerifiedEvent event) {
        kycStatus = KycStatus.VERIFIED;
        status = DriverStatus.ACTIVE;
    }

    @EventSourcingHandler
    void on(DriverKycRejectedEvent event) {
        kycStatus = KycStatus.REJECTED;
    }

    @EventSourcingHandler
    void on(DriverBankAccountSetEvent event) {
        bankAccountOnFile = true;
    }

    @EventSourcingHandler
    void on(DriverBankAccountRemovedEvent event) {
        bankAccountOnFile = false;
    }
}
