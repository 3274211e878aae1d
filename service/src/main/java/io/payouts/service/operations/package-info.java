/**
 * Operations: the health check, readiness, metrics, log context and the operator's management port (ADR-0022).
 */
package io.payouts.service.operations;
