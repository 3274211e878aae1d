package io.payouts.bank.sftp;

/** The bank's SFTP server could not be reached or would not let us in; nothing was done. */
public class BankUnreachableException extends RuntimeException {

    public BankUnreachableException(String message, Throwable cause) {
        super(message, cause);
    }
}
