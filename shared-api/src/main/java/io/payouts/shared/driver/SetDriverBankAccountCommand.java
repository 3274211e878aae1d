package io.payouts.shared.driver;

import io.payouts.shared.DriverScoped;
import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;
import java.util.Objects;

/** Puts the account a driver is paid to on file, replacing any before it (PUT semantics). */
public record SetDriverBankAccountCommand(@TargetAggregateIdentifier DriverId driverId, Mode mode,
                                          BankAccountDetails account, Instant setAt)
        implements ModeScoped, DriverScoped {

    public SetDriverBankAccountCommand {
        Objects.requireNonNull(driverId, "driverId");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(account, "account");
        Objects.requireNonNull(setAt, "setAt");
    }
}
