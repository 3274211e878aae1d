package io.payouts.platform.tables;

import java.util.Collection;
import java.util.List;

/**
 * A module's part in a sandbox reset (ADR-0015). Every module first names what its tables know of the sandbox; then,
 * in one transaction under the sandbox lock, each forgets its own sandbox rows knowing all names. No statement reads
 * another module's table and no foreign key crosses modules, so modules forget in any order, each its own rows in the
 * order its foreign keys need. Statements name the sandbox; production is never touched. A feature that keeps sandbox
 * data forgets it here, or a reset leaves it behind.
 */
public interface ForgetsSandbox {

    /**
     * The sandbox's event-sourced aggregates (drivers, payouts, batches) this module's tables name, read before any
     * module forgets anything: their events go, or where events stay they are discarded.
     */
    default Collection<String> sandboxAggregates() {
        return List.of();
    }

    /** The sandbox's API keys this module's tables name: keys stay, what requests with them left goes. */
    default Collection<String> sandboxApiKeys() {
        return List.of();
    }

    /** Deletes (or, for what must stay, overwrites) this module's sandbox rows; returns how many rows it changed. */
    int forget(SandboxWorld world);
}
