package io.payouts.bank.iso20022;

import java.util.Map;
import java.util.Objects;

/**
 * Plain-language text for the ISO 20022 reason codes banks put in status reports (ExternalStatusReason1Code) and
 * returns (ExternalReturnReason1Code): the codes a payout to a person's account meets, not the whole list.
 */
public final class IsoReasonCodes {

    private static final Map<String, String> TEXTS = Map.ofEntries(
            Map.entry("AB05", "timeout at the creditor's bank"),
            Map.entry("AB06", "timeout at the instructed bank"),
            Map.entry("AB08", "creditor's bank offline"),
            Map.entry("AC01", "incorrect account number"),
            Map.entry("AC02", "invalid debtor account number"),
            Map.entry("AC03", "invalid creditor account number"),
            Map.entry("AC04", "closed account number"),
            Map.entry("AC06", "blocked account"),
            Map.entry("AC13", "invalid debtor account type"),
            Map.entry("AG01", "transaction forbidden on this account"),
            Map.entry("AG02", "invalid bank operation code"),
            Map.entry("AM01", "zero amount"),
            Map.entry("AM02", "amount not allowed"),
            Map.entry("AM03", "currency not allowed"),
            Map.entry("AM04", "insufficient funds"),
            Map.entry("AM05", "duplication"),
            Map.entry("AM09", "wrong amount"),
            Map.entry("AM16", "invalid control sum"),
            Map.entry("AM18", "invalid number of transactions"),
            Map.entry("BE01", "inconsistent with end customer"),
            Map.entry("BE04", "missing creditor address"),
            Map.entry("BE05", "unrecognised initiating party"),
            Map.entry("CNOR", "creditor's bank is not registered in the scheme"),
            Map.entry("CUST", "requested by the customer"),
            Map.entry("DNOR", "debtor's bank is not registered in the scheme"),
            Map.entry("DT01", "invalid date"),
            Map.entry("DUPL", "duplicate payment"),
            Map.entry("ED05", "settlement failed"),
            Map.entry("FF01", "invalid file format"),
            Map.entry("FOCR", "return following a cancellation request"),
            Map.entry("MD06", "refund requested by the end customer"),
            Map.entry("MD07", "end customer deceased"),
            Map.entry("MS02", "reason not specified, by the customer"),
            Map.entry("MS03", "reason not specified, by the bank"),
            Map.entry("NARR", "see the narrative"),
            Map.entry("RC01", "bank identifier incorrect"),
            Map.entry("RR01", "missing debtor account or identification"),
            Map.entry("RR02", "missing debtor name or address"),
            Map.entry("RR03", "missing creditor name or address"),
            Map.entry("RR04", "regulatory reason"),
            Map.entry("SL01", "specific service offered by the debtor's bank"),
            Map.entry("TM01", "received after the cut-off time"));

    private IsoReasonCodes() {
    }

    /** The text of {@code code}; a code not listed here comes back as {@code code XXXX}. */
    public static String describe(String code) {
        Objects.requireNonNull(code, "code");
        return TEXTS.getOrDefault(code, "code " + code);
    }
}
