package io.payouts.service.operations;

/**
 * Where one streaming event processor stands against the event store's head.
 *
 * @param lagEvents      events stored after the processor's position (its slowest segment's); 0 when caught up
 * @param lagSeconds     age of the oldest event it has not handled yet; 0 when caught up
 * @param replayProgress share of a replay done, 0 to 1; 1 when it is not replaying
 */
record ProcessorState(String name, boolean running, boolean positionKnown, long lagEvents, double lagSeconds,
                      long parkedEvents, boolean replaying, double replayProgress) {

    /** Readiness: a processor that is stopped, or further behind than the limit, serves stale answers. */
    boolean fallenBehind(long maxLag) {
        return !running || (positionKnown && lagEvents > maxLag);
    }
}
