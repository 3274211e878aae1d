package io.payouts.command.batch;

import io.payouts.command.caching.BoundedAggregateCache;
import org.axonframework.common.caching.Cache;
import org.axonframework.eventsourcing.EventCountSnapshotTriggerDefinition;
import org.axonframework.eventsourcing.SnapshotTriggerDefinition;
import org.axonframework.eventsourcing.Snapshotter;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * A batch's stream grows by one event per payout outcome, up to about 2,000 for a batch of 1,000: snapshots every
 * 100 events keep a load from replaying the whole stream (ADR-0013), and the batches whose outcomes are being
 * recorded stay in memory between loads (ADR-0024), with the payout cache's single-writer assumption.
 */
@Configuration(proxyBeanMethods = false)
class BatchConfiguration {

    @Bean
    Cache batchCache(@Value("${payouts.commands.batch-cache-size:1000}") int size) {
        return new BoundedAggregateCache(size);
    }

    @Bean
    SnapshotTriggerDefinition batchSnapshotTrigger(Snapshotter snapshotter) {
        return new EventCountSnapshotTriggerDefinition(snapshotter, 100);
    }
}
