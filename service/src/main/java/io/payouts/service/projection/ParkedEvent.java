package io.payouts.service.projection;

import java.time.Instant;

/**
 * An event a processor could not apply and set aside (ADR-0016): {@code sequence} is the aggregate whose later events
 * wait behind it, {@code positionInSequence} its place there (0 first), {@code eventId} the {@code evt_} id its
 * webhooks carry.
 */
record ParkedEvent(String id, String processor, String sequence, int positionInSequence, String eventId,
                   String eventType, String aggregateId, Long aggregateSequence, Instant occurredAt,
                   Instant parkedAt, Instant lastTriedAt, String causeType, String causeMessage) {
}
