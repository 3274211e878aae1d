/**
 * Drivers' bank accounts: the endpoints that set, read (masked) and remove one, the rules an account passes, and the
 * rail's port to the account in full ({@code PayeeAccounts}), read from the driver's encrypted events (ADR-0026).
 */
package io.payouts.service.bankaccount;
