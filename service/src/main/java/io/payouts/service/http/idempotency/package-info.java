/**
 * Idempotency-Key on every POST: the first response is kept and replayed, a different body conflicts (ADR-0010).
 */
package io.payouts.service.http.idempotency;
