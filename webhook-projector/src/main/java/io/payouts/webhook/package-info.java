/**
 * Turns stored events into signed outbound webhooks, their delivery attempts and the webhook logs
 * (subscriptions and delivery arrive with issue #6). Reads events only; never imports the command side.
 */
package io.payouts.webhook;
