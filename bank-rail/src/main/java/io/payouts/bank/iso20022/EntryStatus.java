package io.payouts.bank.iso20022;

/** How final a notified entry is (Ntry/Sts/Cd). */
public enum EntryStatus {
    /** Booked on the account (BOOK): final. */
    BOOKED,
    /** Not booked yet (PDNG, FUTR): may still change or disappear. */
    PENDING,
    /** Information only, never to be booked (INFO). */
    INFORMATION;

    static EntryStatus of(String isoCode) {
        return switch (isoCode) {
            case "BOOK" -> BOOKED;
            case "PDNG", "FUTR" -> PENDING;
            case "INFO" -> INFORMATION;
            default -> throw new UnreadableBankFileException("entry status " + isoCode + " is none of BOOK, PDNG, "
                    + "FUTR, INFO");
        };
    }
}
