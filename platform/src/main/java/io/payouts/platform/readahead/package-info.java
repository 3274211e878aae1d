/**
 * Reading the event stream ahead of a processor: {@link io.payouts.platform.readahead.ReadAheadEvents}, the
 * source the read models' processors track, reads and deserializes the next events on a thread of its own while the
 * processor writes its batch.
 */
package io.payouts.platform.readahead;
