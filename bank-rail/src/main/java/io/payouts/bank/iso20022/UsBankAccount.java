package io.payouts.bank.iso20022;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A US deposit account.
 *
 * @param routingNumber the ABA routing transit number of the account's bank: nine digits with a valid check digit
 * @param accountNumber the account number at that bank: up to 17 digits, as an ACH entry carries it
 */
public record UsBankAccount(String routingNumber, String accountNumber, AccountType type) implements BankAccount {

    private static final Pattern ROUTING = Pattern.compile("[0-9]{9}");
    private static final Pattern ACCOUNT = Pattern.compile("[0-9]{1,17}");
    private static final int[] ROUTING_WEIGHTS = {3, 7, 1, 3, 7, 1, 3, 7, 1};

    public UsBankAccount {
        if (routingNumber == null || !ROUTING.matcher(routingNumber).matches()) {
            throw new IllegalArgumentException("an ABA routing number is nine digits: " + routingNumber);
        }
        if (!hasValidCheckDigit(routingNumber)) {
            throw new IllegalArgumentException("ABA routing number " + routingNumber + " fails its check digit");
        }
        if (accountNumber == null || !ACCOUNT.matcher(accountNumber).matches()) {
            throw new IllegalArgumentException("a US account number is 1 to 17 digits: " + accountNumber);
        }
        Objects.requireNonNull(type, "type");
    }

    @Override
    public String identification() {
        return accountNumber;
    }

    private static boolean hasValidCheckDigit(String routing) {
        int sum = 0;
        for (int i = 0; i < routing.length(); i++) {
            sum += (routing.charAt(i) - '0') * ROUTING_WEIGHTS[i];
        }
        return sum % 10 == 0;
    }
}
