package io.payouts.rail;

import java.time.Clock;
import java.time.Instant;
import java.util.List;

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

    static final String NAME = "simulated";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void pay(List<RailPayment> payments) {
        Instant now = clock.instant();
        jobs.scheduleAll(payments.stream().map(payment -> {
            SimulatedRailPlan.PlannedStep next = plan.handedOver(payment, now);
            return new RailJobs.Planned(payment.payoutId(), next.step(), next.dueAt(), payment.attempt());
        }).toList());
    }

    @Override
    public void recorded(List<RecordedMove> moves) {
        Instant now = clock.instant();
        jobs.scheduleAll(moves.stream().flatMap(move -> plan.recorded(move.payment(), move.status(), now)
                .map(next -> new RailJobs.Planned(move.payment().payoutId(), next.step(), next.dueAt(),
                        move.version())).stream()).toList());
    }
}
