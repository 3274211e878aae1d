/**
 * Where the event stream stands: {@link io.payouts.platform.stream.EventStreamPositions}, the one port
 * for the head of the stream, an aggregate's head and whether the processors caught up, with an adapter for each
 * event store chosen once by configuration.
 */
package io.payouts.platform.stream;
