package io.payouts.bank.iso20022;

import java.util.Currency;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One credit transfer to one creditor.
 *
 * @param endToEndId  the reference that travels with the payment to the creditor's bank and comes back in every
 *                    status and notification: see {@link EndToEndIds} for how a payout attempt becomes one
 * @param amountCents what the creditor receives, in the currency's cents
 * @param currency    the ISO 4217 code, USD or EUR
 * @param remittance  the text the creditor sees on the statement
 */
public record PaymentInstruction(String endToEndId, long amountCents, String currency, String creditorName,
                                 BankAccount creditorAccount, String remittance, Urgency urgency) {

    /** The largest amount the SEPA schemes carry; the US schemes are kept to the same bound. */
    public static final long MAX_AMOUNT_CENTS = 999_999_999_99L;

    /** The characters the SEPA rulebooks let a reference carry; most US banks accept the same. */
    private static final Pattern REFERENCE = Pattern.compile("[A-Za-z0-9/?:().,'+ -]{1,35}");

    public PaymentInstruction {
        if (endToEndId == null || !REFERENCE.matcher(endToEndId).matches() || endToEndId.startsWith("/")
                || endToEndId.endsWith("/") || endToEndId.contains("//")) {
            throw new IllegalArgumentException("an end-to-end id is 1 to 35 letters, digits or /-?:().,'+ and "
                    + "neither starts nor ends with / nor holds //: " + endToEndId);
        }
        if (amountCents <= 0 || amountCents > MAX_AMOUNT_CENTS) {
            throw new IllegalArgumentException("an amount is 1 to " + MAX_AMOUNT_CENTS + " cents, not " + amountCents);
        }
        requireCentsCurrency(currency);
        IsoText.require("creditor name", creditorName, 140);
        Objects.requireNonNull(creditorAccount, "creditorAccount");
        IsoText.require("remittance", remittance, 140);
        Objects.requireNonNull(urgency, "urgency");
        PaymentScheme scheme = PaymentScheme.of(currency, urgency);
        if (!scheme.reaches(creditorAccount)) {
            throw new IllegalArgumentException(scheme + " cannot pay a " + creditorAccount.getClass().getSimpleName()
                    + " (" + endToEndId + ")");
        }
    }

    /** The scheme that carries this payment. */
    public PaymentScheme scheme() {
        return PaymentScheme.of(currency, urgency);
    }

    private static void requireCentsCurrency(String code) {
        if (code == null || !code.matches("[A-Z]{3}")) {
            throw new IllegalArgumentException("a currency is an ISO 4217 code: " + code);
        }
        Currency currency;
        try {
            currency = Currency.getInstance(code);
        } catch (IllegalArgumentException unknown) {
            throw new IllegalArgumentException("not an ISO 4217 currency: " + code, unknown);
        }
        if (currency.getDefaultFractionDigits() != 2) {
            throw new IllegalArgumentException("amounts are cents, and " + code + " has "
                    + currency.getDefaultFractionDigits() + " fraction digits");
        }
    }
}
