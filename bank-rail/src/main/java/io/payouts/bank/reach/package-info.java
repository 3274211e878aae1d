/**
 * Whether a counterparty the service sends money through answers (the bank's SFTP channel, a payment provider's
 * API), as every instance sees it: its link row, the health component and the gauges built on it. Each rail names its
 * own table, component and gauges; the rules are the same.
 */
package io.payouts.bank.reach;
