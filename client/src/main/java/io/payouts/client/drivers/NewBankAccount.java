package io.payouts.client.drivers;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * An account to pay a driver to: {@link #us} by routing and account number, or {@link #iban} with the bank's BIC. The
 * number is sent once; the service shows only its last four digits after.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record NewBankAccount(String holderName, String country, String routingNumber, String accountNumber,
                             String accountType, String iban, String bic) {

    /** A US account; {@code accountType} is checking or savings. */
    public static NewBankAccount us(String holderName, String routingNumber, String accountNumber,
                                    String accountType) {
        return new NewBankAccount(holderName, "US", routingNumber, accountNumber, accountType, null, null);
    }

    public static NewBankAccount iban(String holderName, String iban, String bic) {
        return new NewBankAccount(holderName, null, null, null, null, iban, bic);
    }

    /** Keeps the number out of logs that print the request. */
    @Override
    public String toString() {
        return "NewBankAccount[" + (iban != null ? "iban" : country) + "]";
    }
}
