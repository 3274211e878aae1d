/**
 * The HTTP conventions every endpoint follows (ADR-0004): the response envelope, the error table and its mapping,
 * pagination, request ids and the request context (who calls, in which mode, with which sandbox scenario), body
 * limits, storable text, and how controllers reach the command and query gateways. Idempotency keys and rate limits
 * are sub-packages.
 */
package io.payouts.service.http;
