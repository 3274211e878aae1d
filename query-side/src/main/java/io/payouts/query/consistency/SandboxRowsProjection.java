package io.payouts.query.consistency;

import io.payouts.shared.eventhandling.BatchedEventHandler;
import io.payouts.shared.wallet.SandboxResetEvent;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.SequenceNumber;

/**
 * A batched read model that keeps sandbox rows: it meets a {@link SandboxResetEvent} in stream order, after the events
 * before it and before those after it, and forgets its sandbox rows there (ADR-0015), live and in a rebuild alike.
 */
public abstract class SandboxRowsProjection extends BatchedEventHandler {

    @EventHandler
    void on(SandboxResetEvent event, @SequenceNumber long sequence) {
        collect(event.walletId().value(), event, sequence);
    }

    /** Deletes every sandbox row this read model keeps. */
    @Override
    protected abstract void forgetSandbox();
}
