/**
 * Batch endpoints: create, release, run and the scheduled payouts (ADR-0013).
 */
package io.payouts.service.batch;
