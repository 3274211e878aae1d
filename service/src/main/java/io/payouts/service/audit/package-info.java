/**
 * The audit trail over HTTP: the public event log and its export, resource histories, the chain's verification and
 * the read models' checksums. What they answer is the audit module's (io.payouts.audit).
 */
package io.payouts.service.audit;
