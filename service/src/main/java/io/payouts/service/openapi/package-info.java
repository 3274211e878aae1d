/**
 * The OpenAPI document: generated from the controllers, completed with the error table, examples and scopes
 * (ADR-0021).
 */
package io.payouts.service.openapi;
