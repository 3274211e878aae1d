package io.payouts.shared.driver;

import io.payouts.shared.Mode;

/**
 * One driver of the caller's mode, as of its newest stored event: a read right after any write reflects it, on any
 * instance (ADR-0018).
 */
public record FindDriverQuery(Mode mode, DriverId driverId) {
}
