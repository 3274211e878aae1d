package io.payouts.shared.driver;

import io.payouts.shared.DriverScoped;
import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;
import org.axonframework.serialization.Revision;

import java.time.Instant;

/**
 * A driver's bank account was put on file, replacing any before it. {@code holderName}, {@code accountNumber} and
 * {@code iban} are personal data: stored encrypted under the driver's key and read as {@code [erased]} once the driver's
 * personal data is erased (ADR-0026). The rest identifies the bank and the kind of account, not the person, and stays
 * readable: {@code country}, {@code accountType} and {@code routingNumber} of a US account, {@code bic} of one by IBAN,
 * and {@code last4}, all the API ever shows of the number. Fields that do not apply to the account's kind are null.
 */
@Revision("1")
public record DriverBankAccountSetEvent(DriverId driverId, Mode mode, String holderName, String country,
                                        BankAccountType accountType, String routingNumber, String bic,
                                        String accountNumber, String iban, String last4, Instant setAt)
        implements DriverEvent, ModeScoped, DriverScoped {

    public static DriverBankAccountSetEvent of(DriverId driverId, Mode mode, BankAccountDetails account,
                                               Instant setAt) {
        return new DriverBankAccountSetEvent(driverId, mode, account.holderName(), account.country(),
                account.accountType(), account.routingNumber(), account.bic(), account.accountNumber(),
                account.iban(), account.last4(), setAt);
    }

    /** Keeps the holder's name and the full number out of any log line or message that prints the event. */
    @Override
    public String toString() {
        return "DriverBankAccountSetEvent[driverId=" + driverId + ", mode=" + mode + ", country=" + country
                + ", last4=" + last4 + ", setAt=" + setAt + "]";
    }
}
