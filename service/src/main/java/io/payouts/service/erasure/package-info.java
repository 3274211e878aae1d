/**
 * Erasure of personal data: driver data is encrypted per driver and erased by forgetting its key (ADR-0026).
 */
package io.payouts.service.erasure;
