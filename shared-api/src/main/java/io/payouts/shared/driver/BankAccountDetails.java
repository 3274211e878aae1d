package io.payouts.shared.driver;

import io.payouts.shared.InvalidFieldException;

import java.util.regex.Pattern;

/**
 * Where a driver is paid: a US account ({@code country} US, routing number, account number, account type) or an
 * account by IBAN and its bank's BIC, held by {@code holderName}. The edge checks each country's IBAN length and
 * format as well; these are the invariants every holder of the value can rely on. The account number and IBAN are
 * personal data: {@link #toString()} masks them, so no log line or exception message that prints the value shows
 * them.
 */
public record BankAccountDetails(String holderName, String country, String routingNumber, String accountNumber,
                                 BankAccountType accountType, String iban, String bic) {

    public static final String US = "US";
    /** What an ISO 20022 payment carries as a party's name (Max140Text). */
    public static final int MAX_HOLDER_NAME_LENGTH = 140;

    private static final Pattern ROUTING_NUMBER = Pattern.compile("[0-9]{9}");
    private static final Pattern ACCOUNT_NUMBER = Pattern.compile("[0-9]{4,17}");
    private static final Pattern IBAN = Pattern.compile("[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}");
    /** ISO 9362: bank code, ISO country code, location and an optional branch. */
    private static final Pattern BIC = Pattern.compile("[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?");
    private static final int[] ROUTING_WEIGHTS = {3, 7, 1, 3, 7, 1, 3, 7, 1};

    public BankAccountDetails {
        requireValidHolderName(holderName);
        if (iban != null) {
            if (routingNumber != null || accountNumber != null || accountType != null) {
                throw new InvalidFieldException("iban", "give either iban and bic, or a US routingNumber, "
                        + "accountNumber and accountType, not both");
            }
            if (!IBAN.matcher(iban).matches() || !hasValidIbanCheckDigits(iban)) {
                throw new InvalidFieldException("iban", "must be a valid IBAN");
            }
            if (!isValidBic(bic)) {
                throw new InvalidFieldException("bic", "must be a BIC of 8 or 11 letters and digits (ISO 9362)");
            }
            if (country != null && !country.equals(iban.substring(0, 2))) {
                throw new InvalidFieldException("country", "must be the IBAN's country, " + iban.substring(0, 2));
            }
            country = iban.substring(0, 2);
        } else {
            if (!US.equals(country)) {
                throw new InvalidFieldException("country", "must be US for an account by routing number, or give an "
                        + "iban and bic instead");
            }
            if (!isValidRoutingNumber(routingNumber)) {
                throw new InvalidFieldException("routingNumber", "must be a 9-digit ABA routing number with a valid "
                        + "check digit");
            }
            if (!isValidUsAccountNumber(accountNumber)) {
                throw new InvalidFieldException("accountNumber", "must be 4 to 17 digits");
            }
            if (accountType == null) {
                throw new InvalidFieldException("accountType", "is required");
            }
            if (bic != null) {
                throw new InvalidFieldException("bic", "applies only to an account by IBAN");
            }
        }
    }

    public static BankAccountDetails us(String holderName, String routingNumber, String accountNumber,
                                        BankAccountType accountType) {
        return new BankAccountDetails(holderName, US, routingNumber, accountNumber, accountType, null, null);
    }

    public static BankAccountDetails iban(String holderName, String iban, String bic) {
        return new BankAccountDetails(holderName, null, null, null, null, iban, bic);
    }

    public boolean byIban() {
        return iban != null;
    }

    /** The last four characters of the account number or IBAN: all the API ever shows of it. */
    public String last4() {
        String number = byIban() ? iban : accountNumber;
        return number.substring(number.length() - 4);
    }

    public static void requireValidHolderName(String holderName) {
        if (holderName == null || holderName.isBlank()) {
            throw new InvalidFieldException("holderName", "is required");
        }
        if (holderName.length() > MAX_HOLDER_NAME_LENGTH) {
            throw new InvalidFieldException("holderName", "must be at most " + MAX_HOLDER_NAME_LENGTH
                    + " characters");
        }
        if (holderName.chars().anyMatch(Character::isISOControl)) {
            throw new InvalidFieldException("holderName", "must not contain control characters");
        }
    }

    /** Nine ASCII digits whose ABA checksum (weights 3, 7, 1) is a multiple of ten. */
    public static boolean isValidRoutingNumber(String candidate) {
        if (candidate == null || !ROUTING_NUMBER.matcher(candidate).matches()) {
            return false;
        }
        int sum = 0;
        for (int i = 0; i < ROUTING_WEIGHTS.length; i++) {
            sum += (candidate.charAt(i) - '0') * ROUTING_WEIGHTS[i];
        }
        return sum % 10 == 0 && !candidate.equals("000000000");
    }

    public static boolean isValidUsAccountNumber(String candidate) {
        return candidate != null && ACCOUNT_NUMBER.matcher(candidate).matches();
    }

    public static boolean isValidBic(String candidate) {
        return candidate != null && BIC.matcher(candidate).matches();
    }

    /** ISO 13616's check: the IBAN, its first four characters moved to the end, letters as 10 to 35, mod 97 is 1. */
    private static boolean hasValidIbanCheckDigits(String iban) {
        String rearranged = iban.substring(4) + iban.substring(0, 4);
        int remainder = 0;
        for (int i = 0; i < rearranged.length(); i++) {
            int value = Character.digit(rearranged.charAt(i), 36);
            remainder = value < 10 ? (remainder * 10 + value) % 97 : (remainder * 100 + value) % 97;
        }
        return remainder == 1;
    }

    @Override
    public String toString() {
        return "BankAccountDetails[" + (byIban() ? "iban …" + last4() + ", bic " + bic
                : "US " + routingNumber + " …" + last4() + " " + accountType) + "]";
    }
}
