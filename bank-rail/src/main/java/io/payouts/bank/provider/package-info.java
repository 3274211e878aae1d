/**
 * The payment provider's rail (ADR-0036): the {@code http} production rail of payout-rail's port. Payout attempts wait
 * in an outbox ({@code provider_payment}); a round builds each attempt's JSON request once (the driver's account read
 * through the {@link io.payouts.shared.driver.PayeeAccounts} port), queues the payout under the attempt's
 * Idempotency-Key, and POSTs the request signed as the service signs its webhooks, claimed by one sender at a time and
 * sent again under the same key after a 5xx, a timeout or a crash. A 2xx moves the payout to processing, a 4xx fails
 * it with the provider's message; the provider reports the outcome through the inbound webhook. The round
 * ({@link io.payouts.bank.provider.ProviderSubmission}) runs where the service schedules it, on one instance at a
 * time.
 */
package io.payouts.bank.provider;
