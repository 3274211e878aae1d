package io.payouts.service.operations;

import io.micrometer.core.instrument.MeterRegistry;
import io.payouts.service.http.ApiEnums;
import io.payouts.shared.Mode;
import io.payouts.shared.eventhandling.ProcessingGroups;
import io.payouts.shared.payout.PayoutApprovedEvent;
import io.payouts.shared.payout.PayoutCompletedEvent;
import io.payouts.shared.payout.PayoutFailedEvent;
import io.payouts.shared.payout.PayoutProcessingStartedEvent;
import io.payouts.shared.payout.PayoutQueuedEvent;
import io.payouts.shared.payout.PayoutReleasedEvent;
import io.payouts.shared.payout.PayoutRequestedEvent;
import io.payouts.shared.payout.PayoutReturnedEvent;
import io.payouts.shared.payout.Rail;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.springframework.stereotype.Component;

/**
 * Counts payouts accepted (funds reserved, singly, on a batch's release or on approval) by rail and mode, and the
 * rail's steps, from the events themselves (ADR-0022). A subscribing processor: it runs in the unit of work that publishes the
 * event, so it must stay cheap and never throw; its group logs a failure instead of failing the command
 * ({@link OperationsAxonConfiguration}). A unit of work rolled back after publishing is still counted.
 */
@Component
@ProcessingGroup(ProcessingGroups.PAYOUT_METRICS)
class PayoutOutcomeMeters {

    private final MeterRegistry meters;

    PayoutOutcomeMeters(MeterRegistry meters) {
        this.meters = meters;
    }

    @EventHandler
    void on(PayoutRequestedEvent event) {
        accepted(event.rail(), event.mode());
    }

    @EventHandler
    void on(PayoutReleasedEvent event) {
        accepted(event.rail(), event.mode());
    }

    /** Accepted late: its funds are reserved when a second person approves it (ADR-0046). */
    @EventHandler
    void on(PayoutApprovedEvent event) {
        accepted(event.rail(), event.mode());
    }

    @EventHandler
    void on(PayoutQueuedEvent event) {
        step("queued", event.mode());
    }

    @EventHandler
    void on(PayoutProcessingStartedEvent event) {
        step("processing", event.mode());
    }

    @EventHandler
    void on(PayoutCompletedEvent event) {
        step("completed", event.mode());
    }

    @EventHandler
    void on(PayoutFailedEvent event) {
        step("failed", event.mode());
    }

    @EventHandler
    void on(PayoutReturnedEvent event) {
        step("returned", event.mode());
    }

    private void accepted(Rail rail, Mode mode) {
        meters.counter("payouts.payouts.accepted", "rail", ApiEnums.name(rail), "mode", ApiEnums.name(mode))
                .increment();
    }

    private void step(String step, Mode mode) {
        meters.counter("payouts.rail.steps", "step", step, "mode", ApiEnums.name(mode)).increment();
    }
}
