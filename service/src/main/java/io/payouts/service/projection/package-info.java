/**
 * Event processor administration: status, replays and the dead-letter queues of parked events (ADR-0016).
 */
package io.payouts.service.projection;
