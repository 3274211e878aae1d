/**
 * API key endpoints: developers create, regenerate and revoke their keys; owners and admins approve production
 * keys (ADR-0009).
 */
package io.payouts.service.apikey;
