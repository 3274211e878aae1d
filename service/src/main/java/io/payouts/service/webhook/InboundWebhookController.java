package io.payouts.service.webhook;

import io.payouts.platform.signing.WebhookSignature;
import io.payouts.service.http.ApiResponse;
import io.payouts.service.http.RequestContext;
import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;
import io.payouts.webhook.inbound.InboundSecret;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

import java.time.Clock;
import java.time.Duration;

/**
 * A rail reports a payout's outcome (ADR-0014). The request carries no API key: the signature over the raw body,
 * made with the inbound secret, is its only credential, checked before anything else is read.
 */
@RestController
class InboundWebhookController {

    static final String PATH = "/api/v1/webhooks/inbound";
    private static final Duration TOLERANCE = Duration.ofMinutes(5);

    private final InboundSecret secret;
    private final InboundOutcomes outcomes;
    private final Clock clock;

    InboundWebhookController(InboundSecret secret, InboundOutcomes outcomes, Clock clock) {
        this.secret = secret;
        this.outcomes = outcomes;
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
        String done = outcomes.apply(InboundEvent.parse(raw), raw);
        return ApiResponse.ok(context, new WebhookResponses.Processed(done));
    }

    static final class InvalidSignatureException extends DomainException {
        InvalidSignatureException(String reason) {
            super(ErrorCode.UNAUTHORIZED, "inbound webhook refused: " + reason);
        }
    }
}
