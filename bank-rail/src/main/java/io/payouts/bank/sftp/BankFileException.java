package io.payouts.bank.sftp;

/** The bank's server refused an operation on a file: missing, not allowed, or there already with other content. */
public class BankFileException extends RuntimeException {

    public BankFileException(String message) {
        super(message);
    }

    public BankFileException(String message, Throwable cause) {
        super(message, cause);
    }
}
