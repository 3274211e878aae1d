/**
 * PostgreSQL itself: the embedded server that starts when no datasource is configured (ADR-0002), and the
 * notifications through which one instance tells the others what it committed (ADR-0030).
 */
package io.payouts.service.platform.postgres;
