package io.payouts.bank.iso20022;

/** The kind of a US deposit account, which an ACH credit must name. */
public enum AccountType {
    CHECKING("CACC"),
    SAVINGS("SVGS");

    private final String isoCode;

    AccountType(String isoCode) {
        this.isoCode = isoCode;
    }

    /** The ExternalCashAccountType1Code that carries it in CdtrAcct/Tp/Cd. */
    String isoCode() {
        return isoCode;
    }

    static AccountType ofIsoCode(String code) {
        for (AccountType type : values()) {
            if (type.isoCode.equals(code)) {
                return type;
            }
        }
        throw new IllegalArgumentException("not a US account type: " + code);
    }
}
