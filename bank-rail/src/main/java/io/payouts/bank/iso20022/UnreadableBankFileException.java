package io.payouts.bank.iso20022;

/** A file from the bank that cannot be read as the message it should be: not XML, another message, or broken. */
public class UnreadableBankFileException extends RuntimeException {

    public UnreadableBankFileException(String reason) {
        super(reason);
    }

    public UnreadableBankFileException(String reason, Throwable cause) {
        super(reason, cause);
    }
}
