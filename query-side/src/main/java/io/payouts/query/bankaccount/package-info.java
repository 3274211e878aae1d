/**
 * Drivers' bank accounts, masked: a read model of its own beside the drivers' ({@code driver_bank_account_view}),
 * holding the holder's name and the last four digits, never the number.
 */
package io.payouts.query.bankaccount;
