package io.payouts.service.erasure;

import io.payouts.shared.InvalidStateException;
import io.payouts.shared.driver.RegisterDriverCommand;
import io.payouts.shared.driver.SetDriverBankAccountCommand;
import io.payouts.shared.driver.UpdateDriverProfileCommand;
import org.axonframework.commandhandling.CommandMessage;
import org.axonframework.messaging.MessageDispatchInterceptor;

import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * Commits the driver's personal-data key before a command that writes the driver's name, e-mail and phone is sent
 *, outside any transaction the command will run in. The event it leads to is stored, on either event
 * store, only after that, so no reader, on any instance, ever meets the event before its key. Committed here, on the
 * sending side, the command's own transaction never needs a second connection for it.
 */
final class KeysBeforeDriverCommands implements MessageDispatchInterceptor<CommandMessage<?>> {

    private final PersonalDataKeys keys;

    KeysBeforeDriverCommands(PersonalDataKeys keys) {
        this.keys = keys;
    }

    @Override
    public BiFunction<Integer, CommandMessage<?>, CommandMessage<?>> handle(
            List<? extends CommandMessage<?>> messages) {
        return (index, command) -> {
            driverWhosePersonalDataItWrites(command.getPayload()).ifPresent(keys::commitKeyFor);
            if (command.getPayload() instanceof SetDriverBankAccountCommand account) {
                refuseAfterErasure(account.driverId().value());
            }
            return command;
        };
    }

    /**
     * A bank account set after the driver's personal data was erased could only be stored as erased, and the rail
     * could never pay to it while the driver's standing said it was there: refused before it is sent. Read past the
     * keys' cache, so an erasure on another instance counts at once.
     */
    private void refuseAfterErasure(String driverId) {
        if (keys.forWriting(driverId).erased()) {
            throw new InvalidStateException("the personal data of driver " + driverId + " was erased; no bank "
                    + "account can be stored for them");
        }
    }

    /**
     * The commands whose events carry personal data: DriverRegisteredEvent, DriverProfileUpdatedEvent and
     * DriverBankAccountSetEvent.
     */
    static Optional<String> driverWhosePersonalDataItWrites(Object command) {
        if (command instanceof RegisterDriverCommand register) {
            return Optional.of(register.driverId().value());
        }
        if (command instanceof UpdateDriverProfileCommand update) {
            return Optional.of(update.driverId().value());
        }
        if (command instanceof SetDriverBankAccountCommand account) {
            return Optional.of(account.driverId().value());
        }
        return Optional.empty();
    }
}
