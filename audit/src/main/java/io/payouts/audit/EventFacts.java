package io.payouts.audit;

import io.payouts.shared.MetadataKeys;
import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;
import io.payouts.shared.batch.BatchReleasedEvent;
import io.payouts.shared.batch.ReleaseTrigger;
import io.payouts.shared.wallet.TopUpRequestedEvent;
import io.payouts.shared.wallet.TopUpSettledEvent;
import io.payouts.webhook.delivery.WebhookIds;
import org.axonframework.eventhandling.DomainEventMessage;

import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * What the audit log knows about one stored event beyond its data (ADR-0027): its {@code evt_} id (the one its
 * webhooks carry, {@link WebhookIds}), public type, resource, mode, the ids it concerns, the actor and the request.
 */
record EventFacts(String eventId, String type, ResourceKind kind, String resourceId, Mode mode, Set<String> resourceIds,
                  PublicEvent.Actor actor, String requestId) {

    static final String SCHEDULER = "scheduler";
    static final String SYSTEM = "system";

    /**
     * @param knownMode the mode of the event's aggregate when the event does not carry it (an API key's later
     *                  events); may be null
     */
    static EventFacts of(DomainEventMessage<?> message, Mode knownMode) {
        Object event = message.getPayload();
        EventCatalogue.Entry entry = EventCatalogue.of(event.getClass()).orElseGet(() -> new EventCatalogue.Entry(
                "other." + event.getClass().getSimpleName(), ResourceKind.API_KEY));
        String resourceId = message.getAggregateIdentifier();
        if (event instanceof TopUpRequestedEvent requested) {
            resourceId = requested.transactionId().value();
        } else if (event instanceof TopUpSettledEvent settled) {
            resourceId = settled.transactionId().value();
        }
        Set<String> ids = new LinkedHashSet<>();
        ids.add(message.getAggregateIdentifier());
        EventData.idsIn(event, ids::add);
        Mode mode = modeOf(event).or(() -> metadataMode(message)).orElse(knownMode);
        return new EventFacts(WebhookIds.eventId(message.getIdentifier()), entry.type(), entry.kind(), resourceId,
                mode, ids, actorOf(event, message), (String) message.getMetaData().get(MetadataKeys.REQUEST_ID));
    }

    /** The mode an event names ({@link ModeScoped}). */
    private static Optional<Mode> modeOf(Object event) {
        return event instanceof ModeScoped scoped ? Optional.ofNullable(scoped.mode()) : Optional.empty();
    }

    private static Optional<Mode> metadataMode(DomainEventMessage<?> message) {
        Object mode = message.getMetaData().get(MetadataKeys.MODE);
        return mode == null ? Optional.empty() : Optional.of(Mode.valueOf(mode.toString().toUpperCase(Locale.ROOT)));
    }

    private static PublicEvent.Actor actorOf(Object event, DomainEventMessage<?> message) {
        if (event instanceof BatchReleasedEvent released && released.trigger() == ReleaseTrigger.SCHEDULE) {
            return new PublicEvent.Actor(SCHEDULER, SCHEDULER);
        }
        Object caller = message.getMetaData().get(MetadataKeys.CALLER);
        if (caller == null) {
            return new PublicEvent.Actor(SYSTEM, SYSTEM);
        }
        String id = caller.toString();
        if (id.startsWith("key_")) {
            return new PublicEvent.Actor("api_key", id);
        }
        if (id.startsWith("usr_")) {
            return new PublicEvent.Actor("user", id);
        }
        if (id.startsWith("rail:") || id.startsWith("webhook:")) {
            return new PublicEvent.Actor("rail", id);
        }
        return new PublicEvent.Actor(SYSTEM, id);
    }
}
