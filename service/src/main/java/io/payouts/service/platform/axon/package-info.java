/**
 * How Axon runs on PostgreSQL: the bytea dialect, snapshots, asynchronous projection commits, poison event isolation
 * and dead-letter queues (ADR-0001, ADR-0016). The JDBC storage of events, tokens and sagas is platform's, with their
 * tables ({@code io.payouts.platform.eventstore}).
 */
package io.payouts.service.platform.axon;
