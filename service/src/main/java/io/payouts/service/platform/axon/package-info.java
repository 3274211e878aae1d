/**
 * How Axon runs on PostgreSQL: JDBC storage, the bytea dialect, snapshots, asynchronous projection commits, poison
 * event isolation and dead-letter queues (ADR-0001, ADR-0016).
 */
package io.payouts.service.platform.axon;
