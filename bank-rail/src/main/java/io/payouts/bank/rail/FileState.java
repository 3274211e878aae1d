package io.payouts.bank.rail;

/** Where a pain.001 stands ({@code bank_file.state}). */
enum FileState {
    /** Created with its payments; its payouts are being told, its bytes not yet written. */
    ASSIGNED,
    /** Its bytes are stored; waiting for the bank to take them. */
    WRITTEN,
    /** At the bank. */
    UPLOADED,
    /** Every payment was withdrawn or could not be paid before it was written: nothing to send. */
    EMPTY
}
