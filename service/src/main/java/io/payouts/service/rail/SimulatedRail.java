package io.payouts.service.rail;

import io.payouts.shared.payout.PayoutStatus;

import java.time.Clock;

/**
 * The built-in rail for the sandbox and local use (decisions.md, States): it moves payouts through queued and
 * processing to completed with the configured delays, by scheduling one step at a time in {@code rail_job}.
 * Each step is planned from the event of the previous move, so a step that was refused or never ran cannot leave
 * a later one behind. {@link SimulatedRailRunner} reports the steps when they come due.
 */
class SimulatedRail implements PayoutRail {

    private final SimulatedRailPlan plan;
    private final RailJobs jobs;
    private final Clock clock;

    SimulatedRail(SimulatedRailPlan plan, RailJobs jobs, Clock clock) {
        this.plan = plan;
        this.jobs = jobs;
        this.clock = clock;
    }

    @Override
    public void pay(RailPayment payment) {
        SimulatedRailPlan.PlannedStep next = plan.handedOver(payment, clock.instant());
        jobs.schedule(payment.payoutId(), next.step(), next.dueAt(), payment.attempt());
    }

    @Override
    public void recorded(RailPayment payment, PayoutStatus status, long version) {
        plan.recorded(payment, status, clock.instant())
                .ifPresent(next -> jobs.schedule(payment.payoutId(), next.step(), next.dueAt(), version));
    }
}
