package io.payouts.service.erasure;

import io.payouts.shared.driver.RegisterDriverCommand;
import io.payouts.shared.driver.UpdateDriverProfileCommand;
import org.axonframework.commandhandling.CommandMessage;
import org.axonframework.messaging.MessageDispatchInterceptor;

import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * Commits the driver's personal-data key before a command that writes the driver's name, e-mail and phone is sent
 * (issue #17), outside any transaction the command will run in. The event it leads to is stored, on either event
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
            return command;
        };
    }

    /** The commands whose events carry personal data: DriverRegisteredEvent and DriverProfileUpdatedEvent. */
    static Optional<String> driverWhosePersonalDataItWrites(Object command) {
        if (command instanceof RegisterDriverCommand register) {
            return Optional.of(register.driverId().value());
        }
        if (command instanceof UpdateDriverProfileCommand update) {
            return Optional.of(update.driverId().value());
        }
        return Optional.empty();
    }
}
