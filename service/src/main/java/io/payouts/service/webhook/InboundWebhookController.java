package io.payouts.service.webhook;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.payouts.platform.commands.Commands;
import io.payouts.platform.signing.WebhookSignature;
import io.payouts.query.consistency.DiscardedStreams;
import io.payouts.rail.RailOutcomes;
import io.payouts.service.http.ApiResponse;
import io.payouts.service.http.JsonProblems;
import io.payouts.service.http.RequestContext;
import io.payouts.service.http.StorableTextJsonFactory;
import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;
import io.payouts.shared.InvalidFieldException;
import io.payouts.shared.Mode;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutNotFoundException;
import io.payouts.shared.payout.PayoutRequestedEvent;
import io.payouts.shared.payout.PayoutRequestedInBatchEvent;
import io.payouts.webhook.delivery.WebhookIds;
import io.payouts.webhook.inbound.InboundEvents;
import io.payouts.webhook.inbound.InboundSecret;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.http.MediaType;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Set;

/**
 * A rail reports a payout's outcome (ADR-0014). The request carries no API key: the signature over the raw body,
 * made with the inbound secret, is its only credential, checked before anything else is read. Each inbound event
 * id is processed once: recording it and driving the payout commit together, so a refused command records
 * nothing and a replay changes nothing.
 */
@RestController
class InboundWebhookController {

    static final String PATH = "/api/v1/webhooks/inbound";
    static final String CALLER = "webhook:inbound";
    private static final Duration TOLERANCE = Duration.ofMinutes(5);
    private static final Set<String> COMPLETED = Set.of("payout.completed", "payout.succeeded");
    private static final String FAILED = "payout.failed";
    private static final ObjectMapper JSON = new ObjectMapper(new StorableTextJsonFactory());

    private final InboundSecret secret;
    private final InboundEvents inbound;
    private final RailOutcomes outcomes;
    private final EventStore eventStore;
    private final DiscardedStreams discarded;
    private final TransactionTemplate transaction;
    private final Clock clock;

    InboundWebhookController(InboundSecret secret, InboundEvents inbound, Commands commands,
                             EventStore eventStore, DiscardedStreams discarded, PlatformTransactionManager transactions,
                             Clock clock) {
        this.secret = secret;
        this.inbound = inbound;
        this.outcomes = RailOutcomes.reportedBy(commands, CALLER);
        this.eventStore = eventStore;
        this.discarded = discarded;
        this.transaction = new TransactionTemplate(transactions);
        this.clock = clock;
    }

    @PostMapping(PATH)
    ApiResponse<WebhookResponses.Processed> receive(
            @io.swagger.v3.oas.annotations.parameters.RequestBody(content = @Content(
                    mediaType = MediaType.APPLICATION_JSON_VALUE,
                    schema = @Schema(implementation = WebhookBodies.InboundWebhook.class)))
            @RequestBody(required = false) byte[] body,
            @RequestHeader(value = WebhookSignature.HEADER, required = false) String signature,
            @RequestHeader(value = WebhookSignature.ALTERNATE_HEADER, required = false) String alternateSignature,
            RequestContext context) {
        byte[] raw = body == null ? new byte[0] : body;
        WebhookSignature.Verification verification = WebhookSignature.verify(
                signature != null ? signature : alternateSignature, raw, secret.value(), clock.instant(), TOLERANCE);
        if (verification != WebhookSignature.Verification.VALID) {
            throw new InvalidSignatureException(verification.reason());
        }
        InboundEvent event = InboundEvent.parse(raw);
        if (inbound.recorded(event.id())) {
            return ApiResponse.ok(context, new WebhookResponses.Processed(alreadyProcessed(event)));
        }
        Mode mode = modeOf(event.payoutId());
        String message = transaction.execute(status -> {
            if (!inbound.recordOnce(event.id(), event.type(), mode, new String(raw, StandardCharsets.UTF_8),
                    clock.instant())) {
                return alreadyProcessed(event);
            }
            if (COMPLETED.contains(event.type())) {
                outcomes.completed(event.payoutId(), mode, clock.instant());
                return "payout " + event.payoutId() + " completed";
            }
            outcomes.failed(event.payoutId(), mode, event.reason(), clock.instant());
            return "payout " + event.payoutId() + " failed";
        });
        return ApiResponse.ok(context, new WebhookResponses.Processed(message));
    }

    private static String alreadyProcessed(InboundEvent event) {
        return "event " + event.id() + " was already processed; nothing changed";
    }

    /**
     * The payout's mode, from the first event of its stream: a payout made alone or in a batch; a payout that does
     * not exist is a 404.
     */
    private Mode modeOf(PayoutId payoutId) {
        if (discarded.discarded(payoutId.value())) {
            throw new PayoutNotFoundException(payoutId.value());
        }
        DomainEventStream stream = eventStore.readEvents(payoutId.value(), 0);
        if (stream.hasNext()) {
            Object first = stream.next().getPayload();
            if (first instanceof PayoutRequestedEvent requested) {
                return requested.mode();
            }
            if (first instanceof PayoutRequestedInBatchEvent requestedInBatch) {
                return requestedInBatch.mode();
            }
        }
        throw new PayoutNotFoundException(payoutId.value());
    }

    /**
     * The inbound body {@code {id?, event, timestamp, data: {payoutId, status, amount, reason?}}}. Without an
     * {@code id}, the event is known by a hash of its raw body.
     */
    record InboundEvent(String id, String type, PayoutId payoutId, String reason) {

        static InboundEvent parse(byte[] raw) {
            JsonNode body;
            try {
                body = JSON.readTree(raw);
            } catch (IOException unreadable) {
                Map.Entry<String, String> problem = JsonProblems.describe(unreadable).entrySet().iterator().next();
                throw new InvalidFieldException(problem.getKey(), problem.getValue());
            }
            if (body == null || !body.isObject()) {
                throw new InvalidFieldException("body", "must be a JSON object");
            }
            String type = body.path("event").asText("");
            if (!COMPLETED.contains(type) && !FAILED.equals(type)) {
                throw new InvalidFieldException("event", "must be one of payout.completed, payout.succeeded, "
                        + "payout.failed");
            }
            JsonNode data = body.path("data");
            if (!data.isObject()) {
                throw new InvalidFieldException("data", "must be an object with payoutId");
            }
            JsonNode payoutId = data.path("payoutId");
            if (!payoutId.isTextual()) {
                throw new InvalidFieldException("data.payoutId", "is required");
            }
            PayoutId payout = PayoutId.parse(payoutId.asText())
                    .orElseThrow(() -> new PayoutNotFoundException(payoutId.asText()));
            JsonNode id = body.path("id");
            String eventId = id.isTextual() && !id.asText().isBlank() ? id.asText()
                    : "body_" + WebhookIds.hash(new String(raw, StandardCharsets.UTF_8));
            if (eventId.length() > 200) {
                throw new InvalidFieldException("id", "must be at most 200 characters");
            }
            String reason = data.path("reason").isTextual() ? data.path("reason").asText()
                    : "reported failed by the rail's webhook";
            return new InboundEvent(eventId, type, payout, reason);
        }
    }

    static final class InvalidSignatureException extends DomainException {
        InvalidSignatureException(String reason) {
            super(ErrorCode.UNAUTHORIZED, "inbound webhook refused: " + reason);
        }
    }
}
