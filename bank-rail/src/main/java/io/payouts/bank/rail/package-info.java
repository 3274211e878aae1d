/**
 * The ISO 20022 bank rail (ADR-0031 to ADR-0034): the {@code iso20022} production rail of payout-rail's port. Payout
 * attempts wait in an outbox ({@code bank_payment}); at each cut-off, and at once for instant payouts, they go into a
 * pain.001 stored before its SFTP upload, so a file sent again after a crash is the same file. The bank's pain.002 and
 * camt.054 files become the payouts' moves, returns and top-up credits; what moves nothing is parked for an admin. The
 * rounds ({@link io.payouts.bank.rail.BankSubmission}, {@link io.payouts.bank.rail.BankInbox}) run on one instance at
 * a time.
 */
package io.payouts.bank.rail;
