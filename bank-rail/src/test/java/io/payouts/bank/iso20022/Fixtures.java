package io.payouts.bank.iso20022;

import java.time.Instant;
import java.time.LocalDate;

/** Accounts and payments the tests pay with; the routing numbers and IBANs pass their check digits. */
public final class Fixtures {

    public static final Instant CREATED_AT = Instant.parse("2026-11-21T12:00:00Z");
    public static final LocalDate EXECUTION_DATE = LocalDate.of(2026, 11, 23);
    public static final Debtor US_COMPANY = new Debtor("Acme Rides Inc",
            new UsBankAccount("021000021", "9876543210", AccountType.CHECKING));
    public static final Debtor EU_COMPANY = new Debtor("Acme Rides GmbH",
            new IbanAccount("DE89370400440532013000", "COBADEFFXXX"));

    private Fixtures() {
    }

    /** A 32-hex payout id whose last digits are {@code n}. */
    public static String payoutId(int n) {
        return "pay_" + String.format("%032x", n);
    }

    public static PaymentInstruction usPayment(int n, long cents, Urgency urgency) {
        return usPayment(n, cents, urgency, String.format("%010d", 1000 + n));
    }

    public static PaymentInstruction usPayment(int n, long cents, Urgency urgency, String accountNumber) {
        return new PaymentInstruction(EndToEndIds.of(payoutId(n), 0), cents, "USD", "Driver " + n,
                new UsBankAccount("011000015", accountNumber, n % 2 == 0 ? AccountType.CHECKING : AccountType.SAVINGS),
                "Payout " + payoutId(n), urgency);
    }

    public static PaymentInstruction sepaPayment(int n, long cents, Urgency urgency) {
        return new PaymentInstruction(EndToEndIds.of(payoutId(n), 0), cents, "EUR", "Fahrer " + n,
                new IbanAccount("FR1420041010050500013M02606", "BNPAFRPP"), "Payout " + payoutId(n), urgency);
    }
}
