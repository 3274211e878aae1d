package io.payouts.audit;

import io.payouts.shared.Mode;
import io.payouts.webhook.delivery.WebhookEvent;
import io.payouts.webhook.delivery.WebhookRenderings;
import org.axonframework.eventhandling.DomainEventMessage;

import java.util.Map;

/** A stored event as a client sees it: a webhook's data where a webhook announces it, else {@link EventData}. */
final class PublicEvents {

    private PublicEvents() {
    }

    static PublicEvent of(DomainEventMessage<?> message, Mode knownMode) {
        EventFacts facts = EventFacts.of(message, knownMode);
        Object event = message.getPayload();
        Map<String, Object> data = WebhookRenderings.of(event).map(WebhookEvent::data)
                .orElseGet(() -> EventData.of(event));
        return new PublicEvent(facts.eventId(), facts.type(), facts.mode() == null ? null : facts.mode().apiName(),
                facts.kind().apiName(), facts.resourceId(), message.getSequenceNumber(), message.getTimestamp(),
                data, facts.actor(), facts.requestId());
    }
}
