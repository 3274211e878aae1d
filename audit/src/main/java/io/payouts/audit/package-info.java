/**
 * The audit API: the public event log, resource histories, reads as of an instant and the hash chain
 * (ADR-0025, ADR-0027).
 */
package io.payouts.audit;
