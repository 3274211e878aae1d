package io.payouts.bank.iso20022;

import java.util.List;
import java.util.Objects;

/**
 * Why the bank rejected or returned a payment.
 *
 * @param code           the ISO 20022 reason code, or the bank's proprietary one
 * @param description    {@link IsoReasonCodes#describe the code's text}; for a proprietary code, says so
 * @param additionalInfo the bank's own words (AddtlInf), empty when it gave none
 */
public record BankReason(String code, String description, String additionalInfo) {

    public BankReason {
        IsoText.require("reason code", code, 35);
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(additionalInfo, "additionalInfo");
    }

    /** A reason given as an ISO code (Rsn/Cd), a proprietary code (Rsn/Prtry), or only as text (NARR). */
    static BankReason of(String isoCode, String proprietary, List<String> additionalInfo) {
        String text = additionalInfo == null ? "" : String.join(" ", additionalInfo).strip();
        if (isoCode != null && !isoCode.isBlank()) {
            return new BankReason(isoCode, IsoReasonCodes.describe(isoCode), text);
        }
        if (proprietary != null && !proprietary.isBlank()) {
            return new BankReason(proprietary, "the bank's own code " + proprietary, text);
        }
        return new BankReason("NARR", IsoReasonCodes.describe("NARR"), text);
    }
}
