/**
 * Webhook endpoints: subscriptions, delivery logs and the inbound rail webhook (ADR-0014); delivery itself is the
 * webhook-projector module.
 */
package io.payouts.service.webhook;
