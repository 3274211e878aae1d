package io.payouts.bank.rail;

/**
 * Where one payout attempt stands at the bank rail ({@code bank_payment.state}). In order: handed over, in a file,
 * queued (the payout recorded the file), written into the file's bytes, sent; then the bank's answer.
 */
enum PaymentState {
    /** Handed over, waiting for its file: the next cut-off, or at once for an instant payout. */
    PENDING,
    /** In a file (the file row names it); the payout does not say so yet. */
    ASSIGNED,
    /** The payout recorded the file (queued under its message id) and can no longer be canceled. */
    QUEUED,
    /** In the file's stored bytes, which wait to be uploaded. */
    WRITTEN,
    /** The file is at the bank. */
    SENT,
    /** The bank accepted it and is moving the money. */
    ACCEPTED,
    /** The money left: completed. */
    SETTLED,
    /** The bank refused it: failed, the money back in the wallet. */
    REJECTED,
    /** The bank sent the money back after settling it: failed, credited back. */
    RETURNED,
    /** Canceled or moved on before it reached a file's bytes: not sent. */
    WITHDRAWN,
    /** Cannot be paid through the bank (no account, an account the scheme cannot reach): to be failed. */
    FAILING,
    /** Failed by the rail without ever being sent. */
    FAILED
}
