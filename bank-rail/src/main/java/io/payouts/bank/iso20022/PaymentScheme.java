package io.payouts.bank.iso20022;

import java.util.Optional;

/**
 * The clearing scheme a payment travels and the codes that ask the bank for it in PmtInf/PmtTpInf. The codes are the
 * ones the schemes' ISO 20022 guides name; a bank's own implementation guide may ask for others, and then this is the
 * one place to change.
 */
public enum PaymentScheme {

    /** SEPA Credit Transfer: next business day, charges shared as the scheme sets them. */
    SEPA_CREDIT_TRANSFER("EUR", Urgency.STANDARD, "SEPA", null),
    /** SEPA Instant Credit Transfer: the EPC's guide keeps service level SEPA and adds local instrument INST. */
    SEPA_INSTANT("EUR", Urgency.INSTANT, "SEPA", "INST"),
    /**
     * US ACH credit: service level NURG (non-urgent) and the NACHA entry class PPD as local instrument, since a
     * driver's account is a consumer account (a company account would be CCD).
     */
    US_ACH("USD", Urgency.STANDARD, "NURG", "PPD"),
    /**
     * US instant credit (RTP or FedNow, whichever the bank routes to): service level URNS, local instrument INST. The
     * bank picks the network; the file asks for an instant, irrevocable credit.
     */
    US_INSTANT("USD", Urgency.INSTANT, "URNS", "INST");

    private final String currency;
    private final Urgency urgency;
    private final String serviceLevel;
    private final String localInstrument;

    PaymentScheme(String currency, Urgency urgency, String serviceLevel, String localInstrument) {
        this.currency = currency;
        this.urgency = urgency;
        this.serviceLevel = serviceLevel;
        this.localInstrument = localInstrument;
    }

    /** The scheme that pays {@code currency} with {@code urgency}; only USD and EUR are paid. */
    public static PaymentScheme of(String currency, Urgency urgency) {
        for (PaymentScheme scheme : values()) {
            if (scheme.currency.equals(currency) && scheme.urgency == urgency) {
                return scheme;
            }
        }
        throw new IllegalArgumentException("no payment scheme pays " + currency + " (USD and EUR are paid)");
    }

    public String currency() {
        return currency;
    }

    public Urgency urgency() {
        return urgency;
    }

    /** The ExternalServiceLevel1Code in PmtTpInf/SvcLvl/Cd. */
    public String serviceLevel() {
        return serviceLevel;
    }

    /** The ExternalLocalInstrument1Code in PmtTpInf/LclInstrm/Cd, if the scheme needs one. */
    public Optional<String> localInstrument() {
        return Optional.ofNullable(localInstrument);
    }

    /** SEPA pays IBANs; the US schemes pay routing and account numbers. */
    public boolean reaches(BankAccount account) {
        return currency.equals("EUR") ? account instanceof IbanAccount : account instanceof UsBankAccount;
    }
}
