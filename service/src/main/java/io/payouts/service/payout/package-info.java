/**
 * Payout endpoints: single, instant and bulk payouts, cancel, retry and the fee quote; each admission goes to the
 * command side as one {@code AdmitPayoutsCommand} (ADR-0011, ADR-0017).
 */
package io.payouts.service.payout;
