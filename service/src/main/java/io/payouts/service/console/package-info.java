/**
 * The operator console: its page, assets and the cookie session it signs in with (ADR-0020).
 */
package io.payouts.service.console;
