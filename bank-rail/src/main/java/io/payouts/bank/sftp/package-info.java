/**
 * The host-to-host channel to the bank: SFTP with the bank's host key pinned. Files go up through a {@code .part}
 * name and a rename, so the bank never picks up half a file; a file already there with the same bytes counts as sent.
 * Failures come as {@link io.payouts.bank.sftp.BankUnreachableException} (the network, the login, the host key: try
 * again later or call someone) or {@link io.payouts.bank.sftp.BankFileException} (the bank refused an operation on a
 * file).
 */
package io.payouts.bank.sftp;
