package io.payouts.service.bankaccount;

import io.payouts.shared.driver.BankAccountDetails;
import io.payouts.shared.driver.BankAccountType;
import org.iban4j.BicFormatException;
import org.iban4j.BicUtil;
import org.iban4j.CountryCode;
import org.iban4j.IbanFormatException;
import org.iban4j.IbanUtil;
import org.iban4j.InvalidCheckDigitException;
import org.iban4j.UnsupportedCountryException;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The checks a bank account passes before it is stored: an ABA routing number's check digit and a US account number's
 * 4 to 17 digits; an IBAN's check digits, and its length and format for its country, by iban4j; a BIC's shape (ISO
 * 9362) and country. An IBAN and a BIC may be sent in lower case and an IBAN grouped with spaces, as people copy them;
 * they are stored in the electronic form. Problems never quote the value sent.
 */
final class BankAccountRules {

    /** An IBAN is at most 34 characters; printed in groups of four, 42. Anything longer is not worth parsing. */
    private static final int MAX_IBAN_INPUT = 42;
    private static final Pattern IBAN_CHARACTERS = Pattern.compile("[A-Z0-9]{5,34}");
    private static final Pattern BIC_SHAPE = Pattern.compile("[A-Z0-9]{8}([A-Z0-9]{3})?");
    private static final Pattern NINE_DIGITS = Pattern.compile("[0-9]{9}");
    private static final String EITHER = "give either iban and bic, or country US with routingNumber, accountNumber "
            + "and accountType";

    private BankAccountRules() {
    }

    static BankAccountDetails details(BankAccountRequest request, String prefix) {
        Map<String, String> problems = new TreeMap<>();
        holderName(request.holderName(), prefix, problems);
        boolean byIban = request.iban() != null || request.bic() != null;
        boolean us = request.routingNumber() != null || request.accountNumber() != null
                || request.accountType() != null;
        BankAccountDetails details = null;
        if (byIban && us) {
            problems.put(prefix + (request.iban() != null ? "iban" : "bic"), EITHER + ", not both");
        } else if (byIban) {
            String iban = iban(request.iban(), prefix, problems);
            String bic = bic(request.bic(), prefix, problems);
            if (iban != null && request.country() != null && !request.country().equals(iban.substring(0, 2))) {
                problems.put(prefix + "country", "must be the IBAN's country, " + iban.substring(0, 2)
                        + ", or left out");
            }
            if (problems.isEmpty()) {
                details = BankAccountDetails.iban(request.holderName(), iban, bic);
            }
        } else {
            BankAccountType type = us(request, prefix, problems);
            if (problems.isEmpty()) {
                details = BankAccountDetails.us(request.holderName(), request.routingNumber(), request.accountNumber(),
                        type);
            }
        }
        if (!problems.isEmpty()) {
            throw new InvalidBankAccountException(problems);
        }
        return details;
    }

    private static void holderName(String holderName, String prefix, Map<String, String> problems) {
        String field = prefix + "holderName";
        if (holderName == null || holderName.isBlank()) {
            problems.put(field, "is required");
        } else if (holderName.length() > BankAccountDetails.MAX_HOLDER_NAME_LENGTH) {
            problems.put(field, "must be at most " + BankAccountDetails.MAX_HOLDER_NAME_LENGTH + " characters");
        } else if (holderName.chars().anyMatch(Character::isISOControl)) {
            problems.put(field, "must not contain control characters");
        }
    }

    private static BankAccountType us(BankAccountRequest request, String prefix, Map<String, String> problems) {
        if (request.country() == null) {
            problems.put(prefix + "country", "is required: " + EITHER);
        } else if (!BankAccountDetails.US.equals(request.country())) {
            problems.put(prefix + "country", "must be US for an account by routing number; for another country "
                    + "give iban and bic");
        }
        String routingNumber = request.routingNumber();
        if (routingNumber == null) {
            problems.put(prefix + "routingNumber", "is required");
        } else if (!NINE_DIGITS.matcher(routingNumber).matches()) {
            problems.put(prefix + "routingNumber", "must be the 9 digits of an ABA routing number");
        } else if (!BankAccountDetails.isValidRoutingNumber(routingNumber)) {
            problems.put(prefix + "routingNumber", "is not an ABA routing number: its check digit does not match");
        }
        if (request.accountNumber() == null) {
            problems.put(prefix + "accountNumber", "is required");
        } else if (!BankAccountDetails.isValidUsAccountNumber(request.accountNumber())) {
            problems.put(prefix + "accountNumber", "must be 4 to 17 digits");
        }
        if (request.accountType() == null) {
            problems.put(prefix + "accountType", "is required: checking or savings");
            return null;
        }
        for (BankAccountType type : BankAccountType.values()) {
            if (type.name().toLowerCase(Locale.ROOT).equals(request.accountType())) {
                return type;
            }
        }
        problems.put(prefix + "accountType", "must be one of checking, savings");
        return null;
    }

    /** The IBAN in electronic form, or null with its problem noted. */
    private static String iban(String given, String prefix, Map<String, String> problems) {
        String field = prefix + "iban";
        if (given == null) {
            problems.put(field, "is required with a bic");
            return null;
        }
        if (given.length() > MAX_IBAN_INPUT) {
            problems.put(field, "must be at most 34 letters and digits");
            return null;
        }
        String iban = given.replace(" ", "").toUpperCase(Locale.ROOT);
        if (!IBAN_CHARACTERS.matcher(iban).matches()) {
            problems.put(field, "must be letters A-Z and digits only, at most 34 (spaces between groups allowed)");
            return null;
        }
        try {
            IbanUtil.validate(iban);
            return iban;
        } catch (UnsupportedCountryException unknown) {
            problems.put(field, "must start with the code of a country that uses IBANs");
        } catch (InvalidCheckDigitException checkDigits) {
            problems.put(field, "is not a valid IBAN: its check digits do not match");
        } catch (IbanFormatException format) {
            problems.put(field, formatProblem(iban, format));
        }
        return null;
    }

    private static String formatProblem(String iban, IbanFormatException format) {
        CountryCode country = CountryCode.getByCode(iban.substring(0, 2));
        if (format.getFormatViolation() == IbanFormatException.IbanFormatViolation.BBAN_LENGTH && country != null
                && IbanUtil.isSupportedCountry(country)) {
            return "must be " + IbanUtil.getIbanLength(country) + " characters for an IBAN of " + country.name();
        }
        if (format.getFormatViolation() == IbanFormatException.IbanFormatViolation.COUNTRY_CODE_EXISTS
                || format.getFormatViolation() == IbanFormatException.IbanFormatViolation.COUNTRY_CODE_UPPER_CASE_LETTERS) {
            return "must start with the code of a country that uses IBANs";
        }
        return "is not a valid IBAN: its format does not match its country's";
    }

    /** The BIC in upper case, or null with its problem noted. */
    private static String bic(String given, String prefix, Map<String, String> problems) {
        String field = prefix + "bic";
        if (given == null) {
            problems.put(field, "is required with an iban");
            return null;
        }
        String bic = given.toUpperCase(Locale.ROOT);
        if (!BIC_SHAPE.matcher(bic).matches()) {
            problems.put(field, "must be 8 or 11 letters and digits (ISO 9362)");
            return null;
        }
        try {
            BicUtil.validate(bic);
        } catch (UnsupportedCountryException unknown) {
            problems.put(field, "must name a known country in its fifth and sixth characters");
            return null;
        } catch (BicFormatException format) {
            problems.put(field, "must be a bank code, a country code, a location and an optional branch (ISO 9362)");
            return null;
        }
        if (!BankAccountDetails.isValidBic(bic)) {
            problems.put(field, "must be a bank code, a country code, a location and an optional branch (ISO 9362)");
            return null;
        }
        return bic;
    }
}
