/**
 * Turns stored events into signed outbound webhooks, their delivery attempts and the webhook logs, and keeps the
 * subscriptions and the inbound events (ADR-0014). Reads events only; never imports the command or query side.
 * Owns the processing group {@code webhook-deliveries}.
 */
package io.payouts.webhook;
