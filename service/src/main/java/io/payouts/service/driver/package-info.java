/**
 * Driver endpoints: registration, profile, KYC outcomes, deactivation and bulk registration (ADR-0006, ADR-0007).
 */
package io.payouts.service.driver;
