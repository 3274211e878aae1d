/**
 * The payment provider's rail (ADR-0036): the {@code http} production rail of payout-rail's port. Attempts wait in an
 * outbox ({@code provider_payment}); a round builds each attempt's JSON request once, queues the payout under the
 * attempt's Idempotency-Key, and POSTs the signed request, one sender at a time, again under the same key after a
 * 5xx, a timeout or a crash. A 2xx moves the payout to processing, a refusing 4xx fails it; the outcome arrives by
 * the inbound webhook. The round ({@link io.payouts.bank.provider.ProviderSubmission}) runs on one instance at a time.
 */
package io.payouts.bank.provider;
