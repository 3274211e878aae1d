package io.payouts.bank.sftp;

/**
 * The server presented a host key other than the pinned one: it may not be the bank. Retrying does not help; someone
 * must check the bank's key and change the pin or find out who answered.
 */
public class HostKeyMismatchException extends BankUnreachableException {

    private final String presentedFingerprint;

    public HostKeyMismatchException(String message, String presentedFingerprint, Throwable cause) {
        super(message, cause);
        this.presentedFingerprint = presentedFingerprint;
    }

    /** The SHA256 fingerprint of the key the server presented. */
    public String presentedFingerprint() {
        return presentedFingerprint;
    }
}
