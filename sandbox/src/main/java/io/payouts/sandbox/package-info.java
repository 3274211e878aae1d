/**
 * What the sandbox automates (ADR-0015): KYC verification of new sandbox drivers, sample data (seed), the reset
 * of the sandbox world and the lock that holds commands while it runs. The forced scenarios a request may choose
 * ({@code X-Sandbox-Scenario}) are an HTTP convention ({@code io.payouts.service.http.SandboxScenario}).
 */
package io.payouts.sandbox;
