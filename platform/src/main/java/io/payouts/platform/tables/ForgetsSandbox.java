package io.payouts.platform.tables;

import java.util.Collection;
import java.util.List;

/**
 * A module's part in a sandbox reset (ADR-0015). The reset first asks every module which sandbox aggregates and API
 * keys its tables name, before anything is deleted; then, in the reset's one transaction and under the sandbox lock,
 * each module forgets its own sandbox rows, with what all of them named in hand. No statement of a module reads
 * another module's table, and no table refers to another module's by foreign key, so the modules forget in any
 * order; a module forgets its own rows in the order its foreign keys need. Production rows are never touched: every
 * statement names the sandbox. A feature that keeps sandbox data forgets it here, or a reset leaves it behind.
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
