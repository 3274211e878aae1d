package io.payouts.webhook.delivery;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.payouts.shared.batch.BatchApprovedEvent;
import io.payouts.shared.batch.BatchAwaitingApprovalEvent;
import io.payouts.shared.batch.BatchCompletedEvent;
import io.payouts.shared.batch.BatchRejectedEvent;
import io.payouts.shared.batch.BatchReleasedEvent;
import io.payouts.shared.eventhandling.BatchedEventHandler;
import io.payouts.shared.eventhandling.ProcessingGroups;
import io.payouts.shared.payout.PayoutApprovedEvent;
import io.payouts.shared.payout.PayoutAwaitingApprovalEvent;
import io.payouts.shared.payout.PayoutCanceledEvent;
import io.payouts.shared.payout.PayoutRejectedEvent;
import io.payouts.shared.payout.PayoutCompletedEvent;
import io.payouts.shared.payout.PayoutFailedEvent;
import io.payouts.shared.payout.PayoutRequestedEvent;
import io.payouts.shared.payout.PayoutRequestedInBatchEvent;
import io.payouts.shared.payout.PayoutReturnedEvent;
import io.payouts.shared.wallet.BalanceFellBelowThresholdEvent;
import io.payouts.shared.wallet.BalanceRecoveredEvent;
import io.payouts.shared.wallet.FundingShortfallProjectedEvent;
import io.payouts.webhook.subscription.ActiveSubscription;
import io.payouts.webhook.subscription.Subscriptions;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.DisallowReplay;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;

import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns stored events into pending deliveries, one per (event, active subscription of the event's mode that asks
 * for its type and existed when it happened), from a tracking processor (ADR-0014). The rows commit with the
 * processor's token, and are unique per event and subscription, so a replay or a redelivered batch adds none.
 * The payload is fixed here, once, so every attempt sends the same bytes with the same {@code evt_} id. Sending
 * is the dispatcher's: this processor never waits for a receiver.
 */
@ProcessingGroup(ProcessingGroups.WEBHOOK_DELIVERIES)
@DisallowReplay
public class DeliveryCreator {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static final String BATCH = DeliveryCreator.class.getName() + ".batch";

    private final Subscriptions subscriptions;
    private final Deliveries deliveries;
    private final Clock clock;
    private final Runnable deliveriesDue;

    /** {@code deliveriesDue} is told once new deliveries are committed. */
    public DeliveryCreator(Subscriptions subscriptions, Deliveries deliveries, Clock clock, Runnable deliveriesDue) {
        this.subscriptions = subscriptions;
        this.deliveries = deliveries;
        this.clock = clock;
        this.deliveriesDue = deliveriesDue;
    }

    @EventHandler
    void on(PayoutRequestedEvent event, EventMessage<?> message) {
        create(event, message);
    }

    @EventHandler
    void on(PayoutRequestedInBatchEvent event, EventMessage<?> message) {
        create(event, message);
    }

    @EventHandler
    void on(BatchReleasedEvent event, EventMessage<?> message) {
        create(event, message);
    }

    @EventHandler
    void on(BatchCompletedEvent event, EventMessage<?> message) {
        create(event, message);
    }

    @EventHandler
    void on(PayoutCompletedEvent event, EventMessage<?> message) {
        create(event, message);
    }

    @EventHandler
    void on(PayoutFailedEvent event, EventMessage<?> message) {
        create(event, message);
    }

    @EventHandler
    void on(PayoutReturnedEvent event, EventMessage<?> message) {
        create(event, message);
    }

    @EventHandler
    void on(PayoutCanceledEvent event, EventMessage<?> message) {
        create(event, message);
    }

    @EventHandler
    void on(BalanceFellBelowThresholdEvent event, EventMessage<?> message) {
        create(event, message);
    }

    @EventHandler
    void on(BalanceRecoveredEvent event, EventMessage<?> message) {
        create(event, message);
    }

    @EventHandler
    void on(FundingShortfallProjectedEvent event, EventMessage<?> message) {
        create(event, message);
    }

    @EventHandler
    void on(PayoutAwaitingApprovalEvent event, EventMessage<?> message) {
        create(event, message);
    }

    @EventHandler
    void on(PayoutApprovedEvent event, EventMessage<?> message) {
        create(event, message);
    }

    @EventHandler
    void on(PayoutRejectedEvent event, EventMessage<?> message) {
        create(event, message);
    }

    @EventHandler
    void on(BatchAwaitingApprovalEvent event, EventMessage<?> message) {
        create(event, message);
    }

    @EventHandler
    void on(BatchApprovedEvent event, EventMessage<?> message) {
        create(event, message);
    }

    @EventHandler
    void on(BatchRejectedEvent event, EventMessage<?> message) {
        create(event, message);
    }

    /**
     * The handlers above only choose which stored events are read; which webhook each one makes is
     * {@link WebhookRenderings}', the same the events API shows (ADR-0027).
     */
    private void create(Object domainEvent, EventMessage<?> message) {
        WebhookRenderings.of(domainEvent).ifPresent(webhook -> deliver(webhook, message));
    }

    private void deliver(WebhookEvent event, EventMessage<?> message) {
        Batch batch = currentBatch();
        String type = event.type().apiName();
        List<ActiveSubscription> targets = batch.subscriptions().stream()
                .filter(subscription -> subscription.wants(event.mode(), type, message.getTimestamp())).toList();
        if (targets.isEmpty()) {
            return;
        }
        String eventId = WebhookIds.eventId(message.getIdentifier());
        String payload = payload(eventId, event, message);
        targets.forEach(target -> batch.rows().add(new Deliveries.NewDelivery(eventId, event, payload, target.id())));
        if (batch.atOnce()) {
            write(batch.rows());
            if (CurrentUnitOfWork.isStarted()) {
                CurrentUnitOfWork.get().afterCommit(committed -> deliveriesDue.run());
            } else {
                deliveriesDue.run();
            }
        }
    }

    /**
     * The processor batch's deliveries, written with one statement when its unit of work commits, with the active
     * subscriptions read once for all its events; an event handled in isolation (ADR-0016) or outside a unit of work
     * is written at once. The dispatcher is woken once they are committed.
     */
    private Batch currentBatch() {
        if (!CurrentUnitOfWork.isStarted()
                || CurrentUnitOfWork.get().resources().containsKey(BatchedEventHandler.APPLY_AT_ONCE)) {
            return new Batch(subscriptions.active(), new ArrayList<>(), true);
        }
        UnitOfWork<?> unitOfWork = CurrentUnitOfWork.get().root();
        return (Batch) unitOfWork.resources().computeIfAbsent(BATCH, key -> {
            Batch batch = new Batch(subscriptions.active(), new ArrayList<>(), false);
            unitOfWork.onPrepareCommit(committing -> write(batch.rows()));
            unitOfWork.afterCommit(committed -> deliveriesDue.run());
            return batch;
        });
    }

    private void write(List<Deliveries.NewDelivery> rows) {
        if (!rows.isEmpty()) {
            deliveries.create(rows, clock.instant());
        }
    }

    private record Batch(List<ActiveSubscription> subscriptions, List<Deliveries.NewDelivery> rows, boolean atOnce) {
    }

    /** {@code {id, type, data, timestamp}} of the spec's Events section; the timestamp is the event's own. */
    static String payload(String eventId, WebhookEvent event, EventMessage<?> message) {
        Map<String, Object> payload = new LinkedHashMap<>();
        payload.put("id", eventId);
        payload.put("type", event.type().apiName());
        payload.put("data", event.data());
        payload.put("timestamp", message.getTimestamp().toString());
        try {
            return JSON.writeValueAsString(payload);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("webhook data are strings and numbers only", e);
        }
    }
}
