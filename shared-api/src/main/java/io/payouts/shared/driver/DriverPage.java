package io.payouts.shared.driver;

import io.payouts.shared.ResultPage;

/** A page of drivers; a concrete type because Axon matches query responses by class, not by generic type. */
public record DriverPage(ResultPage<DriverSummary> page) {
}
