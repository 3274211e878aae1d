/**
 * Wallet endpoints: balance, top-ups and their settlement, funding transactions and the funding projection
 * (ADR-0011).
 */
package io.payouts.service.wallet;
