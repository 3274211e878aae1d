/**
 * The embedded PostgreSQL that starts when no datasource is configured (ADR-0002).
 */
package io.payouts.service.platform.postgres;
