/**
 * How a command's failure crosses the command bus, in one path (ADR-0029): {@link
 * io.payouts.platform.failures.HandlerFailures} runs where the command is handled and turns a refusal or a database
 * out of reach into data; {@link io.payouts.platform.failures.SenderFailures} runs where it was sent and turns the
 * data back into the exception the caller meets on one instance. {@link
 * io.payouts.platform.failures.DatabaseUnavailable} and {@link io.payouts.platform.failures.MessageBusUnavailable}
 * tell an outage from a bug wherever a failure is met.
 */
package io.payouts.platform.failures;
