package io.payouts.service.projection;

/**
 * One event processor as an admin sees it: {@code status} running, replaying, stopped or error; {@code position} and
 * {@code head} are global event positions (the processor's, the event store's newest), {@code lag} their distance,
 * {@code replayProgress} from 0 to 1 while it replays, {@code parked} the events it set aside (ADR-0016).
 */
record ProcessorStatus(String name, String type, String status, boolean replayable, Long position, Long head, Long lag,
                       Double replayProgress, long parked, String error) {
}
