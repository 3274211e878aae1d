package io.payouts.service.webhook;

import io.payouts.service.http.ApiPage;
import io.payouts.service.http.ApiResponse;
import io.payouts.service.http.Pagination;
import io.payouts.service.http.RequestContext;
import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;
import io.payouts.shared.InvalidFieldException;
import io.payouts.shared.InvalidStateException;
import io.payouts.shared.ResultPage;
import io.payouts.webhook.delivery.Deliveries;
import io.payouts.webhook.delivery.DeliveryBacklog;
import io.payouts.webhook.delivery.WebhookLogs;
import io.payouts.webhook.subscription.SigningSecrets;
import io.payouts.webhook.subscription.Subscription;
import io.payouts.webhook.subscription.SubscriptionId;
import io.payouts.webhook.subscription.Subscriptions;
import io.payouts.webhook.subscription.WebhookEventType;
import io.payouts.webhook.subscription.WebhookTargets;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Webhook subscriptions, the webhook logs and resending (ADR-0014); all per mode, under webhooks:manage. */
@RestController
@RequestMapping("/api/v1/webhooks")
class WebhookController {

    /** How long the previous secret keeps signing after a rotation. */
    static final Duration ROTATION_OVERLAP = Duration.ofHours(24);

    private final Subscriptions subscriptions;
    private final Deliveries deliveries;
    private final WebhookLogs logs;
    private final WebhookTargets targets;
    private final DeliveryBacklog backlog;

    WebhookController(Subscriptions subscriptions, Deliveries deliveries, WebhookLogs logs, WebhookTargets targets,
                      DeliveryBacklog backlog) {
        this.subscriptions = subscriptions;
        this.backlog = backlog;
        this.deliveries = deliveries;
        this.logs = logs;
        this.targets = targets;
    }

    @PostMapping
    ApiResponse<WebhookResponses.Created> create(@RequestBody WebhookBodies.NewSubscription body,
                                                 RequestContext context) {
        URI url = targets.require(body.url());
        List<WebhookEventType> events = events(body.events());
        SubscriptionId id = new SubscriptionId(SubscriptionId.PREFIX + UUID.randomUUID().toString().replace("-", ""));
        String secret = SigningSecrets.generate();
        subscriptions.create(id, context.mode(), url.toString(), events, secret, context.receivedAt());
        return ApiResponse.ok(context, new WebhookResponses.Created(id.value(), url.toString(),
                WebhookResponses.names(events), "active", secret, context.receivedAt()));
    }

    @GetMapping
    ApiResponse<ApiPage<WebhookResponses.SubscriptionView>> list(@RequestParam(required = false) Integer page,
                                                                 @RequestParam(required = false) Integer pageSize,
                                                                 RequestContext context) {
        ResultPage<Subscription> listed = subscriptions.list(context.mode(), Pagination.STANDARD.request(page, pageSize));
        Map<SubscriptionId, DeliveryBacklog.Figures> figures = backlog.of(
                listed.items().stream().map(Subscription::id).toList(), context.receivedAt());
        return ApiResponse.ok(context, ApiPage.of(listed,
                subscription -> WebhookResponses.SubscriptionView.of(subscription, figures.get(subscription.id()))));
    }

    @DeleteMapping("/{id}")
    ApiResponse<WebhookResponses.Deleted> delete(@PathVariable String id, RequestContext context) {
        SubscriptionId subscription = subscriptionId(id);
        if (!subscriptions.delete(context.mode(), subscription, context.receivedAt())) {
            throw notFound(id);
        }
        return ApiResponse.ok(context, new WebhookResponses.Deleted(subscription.value(), true));
    }

    @PostMapping("/{id}/rotate-secret")
    ApiResponse<WebhookResponses.Rotated> rotateSecret(@PathVariable String id, RequestContext context) {
        SubscriptionId subscription = subscriptionId(id);
        String secret = SigningSecrets.generate();
        Instant previousUntil = context.receivedAt().plus(ROTATION_OVERLAP);
        if (!subscriptions.rotate(context.mode(), subscription, secret, previousUntil)) {
            throw notFound(id);
        }
        return ApiResponse.ok(context, new WebhookResponses.Rotated(subscription.value(), secret, previousUntil));
    }

    @GetMapping("/logs")
    ApiResponse<ApiPage<WebhookResponses.LogEntry>> logs(@RequestParam(required = false) Integer page,
                                                         @RequestParam(required = false) Integer pageSize,
                                                         @RequestParam(required = false) String event,
                                                         RequestContext context) {
        String type = event == null || event.isBlank() ? null : event.trim();
        return ApiResponse.ok(context, ApiPage.of(logs.list(context.mode(), type,
                Pagination.STANDARD.request(page, pageSize)), WebhookResponses.LogEntry::of));
    }

    @PostMapping("/deliveries/{id}/resend")
    ApiResponse<WebhookResponses.LogEntry> resend(@PathVariable String id, RequestContext context) {
        switch (deliveries.resend(context.mode(), id, context.receivedAt())) {
            case NOT_FOUND -> throw new DeliveryNotFoundException(id);
            case SUBSCRIPTION_INACTIVE -> throw new InvalidStateException(
                    "the subscription of delivery " + id + " is disabled or deleted; nothing is sent to it");
            case REQUEUED -> {
            }
        }
        return ApiResponse.ok(context, WebhookResponses.LogEntry.of(logs.find(context.mode(), id)
                .orElseThrow(() -> new DeliveryNotFoundException(id))));
    }

    /** The requested event names, in order and without repeats; an unknown or missing one is a 400 naming it. */
    static List<WebhookEventType> events(List<String> names) {
        if (names == null || names.isEmpty()) {
            throw new InvalidFieldException("events", "must name at least one event");
        }
        List<WebhookEventType> events = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            String field = "events[" + i + "]";
            WebhookEventType type = WebhookEventType.parse(name).orElseThrow(() -> new InvalidFieldException(field,
                    "must be one of " + String.join(", ", WebhookResponses.names(List.of(WebhookEventType.values())))));
            if (!events.contains(type)) {
                events.add(type);
            }
        }
        return events;
    }

    private static SubscriptionId subscriptionId(String raw) {
        return SubscriptionId.parse(raw).orElseThrow(() -> notFound(raw));
    }

    private static DomainException notFound(String id) {
        return new SubscriptionNotFoundException(id);
    }

    static final class SubscriptionNotFoundException extends DomainException {
        SubscriptionNotFoundException(String id) {
            super(ErrorCode.NOT_FOUND, "webhook subscription " + id + " not found");
        }
    }

    static final class DeliveryNotFoundException extends DomainException {
        DeliveryNotFoundException(String id) {
            super(ErrorCode.NOT_FOUND, "webhook delivery " + id + " not found");
        }
    }
}
