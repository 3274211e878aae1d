/**
 * Platform wiring, below everything else in the service: the clock, the id generator, the poller the timers use,
 * which failures are a database or message bus briefly out of reach, Axon's storage and processors
 * ({@code platform.axon}) and the embedded PostgreSQL ({@code platform.postgres}).
 */
package io.payouts.service.platform;
