package io.payouts.bank.rail;

import java.time.Instant;
import java.time.LocalDate;

/**
 * Money the bank credited that settled no top-up, for finance to look at: how much, what the payer quoted, the
 * bank's reference and booking date, why it matched nothing, and the file it came in.
 */
public record UnmatchedCredit(long id, String fileName, long amount, String currency, String reference,
                              String remittanceText, String bankReference, LocalDate bookingDate, String reason,
                              Instant receivedAt) {
}
