package io.payouts.shared.batch;

/**
 * What released a batch: the fleet's release, its run (at once, whatever scheduledFor says), or its schedule.
 * Run sets processedAt; release and the schedule set releasedAt.
 */
public enum ReleaseTrigger {
    RELEASE,
    RUN,
    SCHEDULE
}
