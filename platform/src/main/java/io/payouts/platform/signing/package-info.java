/**
 * How the service signs what it sends over HTTP and checks what it receives (ADR-0014, ADR-0036):
 * {@link io.payouts.platform.signing.WebhookSignature}, the spec's {@code t=<unix seconds>,v1=<hex>} HMAC-SHA256
 * signature. Outbound webhooks, the inbound webhook and the payment provider's rail all use this one.
 */
package io.payouts.platform.signing;
