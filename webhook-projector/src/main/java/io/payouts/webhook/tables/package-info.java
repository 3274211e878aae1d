/**
 * The webhook projector's part in the work that crosses every module's tables
 * ({@code io.payouts.platform.tables}): what a sandbox reset forgets of the subscriptions and their deliveries (V9,
 * V21).
 */
package io.payouts.webhook.tables;
