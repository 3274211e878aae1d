package io.payouts.platform.tables;

import java.util.List;
import java.util.Map;

/**
 * A module's rebuildable read models (ADR-0025): for each processing group, the tables its projection writes and
 * nothing else writes. A read model's checksum covers exactly these tables, so a rebuild that reproduces it gives the
 * same checksum.
 */
public interface ReadModelTables {

    /** The tables of each processing group's read model, by processing group. */
    Map<String, List<String>> byProcessingGroup();
}
