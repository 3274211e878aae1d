package io.payouts.bank.iso20022;

import java.time.LocalDate;
import java.util.Objects;
import java.util.Optional;

/**
 * One movement on the company's account that a camt.054 notifies: one transaction of an entry, or the entry itself
 * when it has no transaction details.
 *
 * @param endToEndId     the end-to-end id of the payout paid or returned
 * @param reference      the structured creditor reference (RmtInf/Strd/CdtrRefInf/Ref) a payer quoted, naming what a
 *                       top-up is for
 * @param remittanceText the unstructured remittance lines (RmtInf/Ustrd), joined, or empty
 * @param returnReason   present when the movement returns a payment (RtrInf)
 * @param reversal       the bank reverses its own earlier booking (RvslInd)
 * @param bankReference  the bank's entry reference (AcctSvcrRef)
 */
public record Notification(Direction direction, EntryStatus status, long amountCents, String currency,
                           Optional<String> endToEndId, Optional<String> reference, String remittanceText,
                           Optional<BankReason> returnReason, boolean reversal, Optional<String> bankReference,
                           Optional<LocalDate> bookingDate) {

    public Notification {
        Objects.requireNonNull(direction, "direction");
        Objects.requireNonNull(status, "status");
        if (amountCents < 0) {
            throw new IllegalArgumentException("a notified amount is not negative: " + amountCents);
        }
        IsoText.require("currency", currency, 3);
        Objects.requireNonNull(endToEndId, "endToEndId");
        Objects.requireNonNull(reference, "reference");
        Objects.requireNonNull(remittanceText, "remittanceText");
        Objects.requireNonNull(returnReason, "returnReason");
        Objects.requireNonNull(bankReference, "bankReference");
        Objects.requireNonNull(bookingDate, "bookingDate");
    }

    /** The movement gives back a payment that did not reach its creditor. */
    public boolean isReturn() {
        return returnReason.isPresent();
    }
}
