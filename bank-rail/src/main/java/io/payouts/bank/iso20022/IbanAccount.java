package io.payouts.bank.iso20022;

import java.math.BigInteger;
import java.util.regex.Pattern;

/**
 * An account by its IBAN, held at the bank with the given BIC.
 *
 * @param iban in electronic form: upper case, no spaces, with valid check digits
 * @param bic  8 or 11 characters
 */
public record IbanAccount(String iban, String bic) implements BankAccount {

    private static final Pattern IBAN = Pattern.compile("[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}");
    private static final Pattern BIC = Pattern.compile("[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?");
    private static final BigInteger NINETY_SEVEN = BigInteger.valueOf(97);

    public IbanAccount {
        if (iban == null || !IBAN.matcher(iban).matches()) {
            throw new IllegalArgumentException("an IBAN is a country code, two check digits and 11 to 30 letters or "
                    + "digits, upper case without spaces: " + iban);
        }
        if (!hasValidCheckDigits(iban)) {
            throw new IllegalArgumentException("IBAN " + iban + " fails its check digits");
        }
        if (bic == null || !BIC.matcher(bic).matches()) {
            throw new IllegalArgumentException("a BIC is 8 or 11 upper-case letters or digits: " + bic);
        }
    }

    @Override
    public String identification() {
        return iban;
    }

    private static boolean hasValidCheckDigits(String iban) {
        String rearranged = iban.substring(4) + iban.substring(0, 4);
        StringBuilder digits = new StringBuilder();
        for (char c : rearranged.toCharArray()) {
            digits.append(Character.getNumericValue(c));
        }
        return new BigInteger(digits.toString()).mod(NINETY_SEVEN).intValue() == 1;
    }
}
