package io.payouts.shared.driver;

/**
 * Every event of a driver's stream, one family for a handler to subscribe to and a fold to cover (as
 * {@code PayoutEvent}); the stored events are unchanged by it.
 */
public sealed interface DriverEvent permits DriverRegisteredEvent, DriverProfileUpdatedEvent, DriverKycVerifiedEvent,
        DriverKycRejectedEvent, DriverDeactivatedEvent {

    /** The driver whose stream the event belongs to. */
    DriverId driverId();
}
