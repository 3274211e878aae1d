package io.payouts.shared.driver;

import io.payouts.shared.Mode;
import io.payouts.shared.PageRequest;

/** A page of the mode's drivers, newest first; a null status means all. */
public record FindDriversQuery(Mode mode, DriverStatusFilter status, PageRequest pageRequest) {
}
